// The local realtime database's data, kept in the product database: read once when the api starts the
// realtime server, written a moment after each snapshot the server reports (one write in flight at a
// time, the newest snapshot wins), and flushed when the api closes.
import type { Queryable } from '../db/index.js';

/** Writes follow a change by at most this long; a burst of changes is one write. */
export const REALTIME_SAVE_DELAY_MS = 250;

export async function loadRealtimeData(db: Queryable): Promise<unknown> {
  const [row] = await db.query<{ data: unknown }>(`SELECT data FROM realtime_data WHERE id = 1`);
  return row?.data ?? null;
}

export interface RealtimeDataSaver {
  /** Notes the newest snapshot; it is written soon. */
  save(data: unknown): void;
  /** Writes what is pending now and waits for every write to finish. */
  flush(): Promise<void>;
}

export function realtimeDataSaver(
  db: Queryable,
  { delayMs = REALTIME_SAVE_DELAY_MS, onError }: { delayMs?: number; onError: (error: unknown) => void },
): RealtimeDataSaver {
  let pending: { data: unknown } | null = null;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  const write = () => {
    timer = null;
    if (!pending) return writing;
    const { data } = pending;
    pending = null;
    writing = writing.then(async () => {
      try {
        await db.query(
          `INSERT INTO realtime_data (id, data, saved_at) VALUES (1, $1::jsonb, now())
           ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data, saved_at = EXCLUDED.saved_at`,
          [JSON.stringify(data ?? null)],
        );
      } catch (error) {
        onError(error);
      }
    });
    return writing;
  };

  return {
    save(data) {
      pending = { data };
      timer ??= setTimeout(() => void write(), delayMs);
    },
    async flush() {
      if (timer) clearTimeout(timer);
      await write();
    },
  };
}
