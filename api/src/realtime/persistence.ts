// The local realtime database's data, kept in the product database: read once when the api starts the
// realtime server, written for each snapshot the server reports (one write in flight at a time; the
// snapshots given meanwhile are one write, the newest), and flushed when the api closes. A client's write
// is acknowledged only after the snapshot holding it is committed here (server.ts, supervisor.ts).
import type { Queryable } from '../db/index.js';

export async function loadRealtimeData(db: Queryable): Promise<unknown> {
  const [row] = await db.query<{ data: unknown }>(`SELECT data FROM realtime_data WHERE id = 1`);
  return row?.data ?? null;
}

export interface RealtimeDataSaver {
  /**
   * Writes the snapshot (or a newer one given meanwhile); resolves once it is committed, rejects when
   * the write failed. The realtime worker acknowledges the writes a snapshot holds only then.
   */
  save(data: unknown): Promise<void>;
  /** Waits for every write given so far to finish. */
  flush(): Promise<void>;
}

/** One write in flight at a time; the snapshots given meanwhile are written together, the newest. */
export function realtimeDataSaver(db: Queryable, { onError }: { onError: (error: unknown) => void }): RealtimeDataSaver {
  let pending: { data: unknown; waiters: Array<{ resolve: () => void; reject: (e: unknown) => void }> } | null = null;
  let writing: Promise<void> | null = null;

  const next = () => {
    if (writing || !pending) return;
    const batch = pending;
    pending = null;
    writing = db
      .query(
        `INSERT INTO realtime_data (id, data, saved_at) VALUES (1, $1::jsonb, now())
         ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data, saved_at = EXCLUDED.saved_at`,
        [JSON.stringify(batch.data ?? null)],
      )
      .then(
        () => {
          for (const w of batch.waiters) w.resolve();
        },
        (error: unknown) => {
          onError(error);
          for (const w of batch.waiters) w.reject(error);
        },
      )
      .finally(() => {
        writing = null;
        next();
      });
  };

  return {
    save(data) {
      return new Promise<void>((resolve, reject) => {
        pending ??= { data, waiters: [] };
        pending.data = data;
        pending.waiters.push({ resolve, reject });
        next();
      });
    },
    async flush() {
      while (writing || pending) {
        next();
        await writing;
      }
    },
  };
}
