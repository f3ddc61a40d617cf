// The messages between the api's thread and the embedded database's thread (pglite-worker.ts).
import { mkdir, readFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';

/**
 * `snapshot:<file>`: in memory, starting from a data folder saved by `pg.dumpDataDir()` (a tarball), so
 * that many throwaway databases skip PostgreSQL's initdb, the migrations and the seed they share.
 */
export const SNAPSHOT_PREFIX = 'snapshot:';

/** Opens PGlite in a folder ('memory': nothing on disk; or a SNAPSHOT_PREFIX tarball), on whichever thread calls it. */
export async function openPgliteDatabase(database: string): Promise<PGlite> {
  // Loaded here, not at the top: an api on PostgreSQL, or with PGlite on its own thread, never loads it.
  const { PGlite } = await import('@electric-sql/pglite');
  let pg: PGlite;
  if (database === 'memory') pg = new PGlite();
  else if (database.startsWith(SNAPSHOT_PREFIX)) {
    pg = new PGlite({ loadDataDir: new Blob([await readFile(database.slice(SNAPSHOT_PREFIX.length))]) });
  } else {
    await mkdir(database, { recursive: true });
    pg = new PGlite(database);
  }
  await pg.waitReady;
  return pg;
}

export type ToDbThread =
  | { id: number; op: 'query'; sql: string; params: unknown[]; tx?: number }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

export type ErrorMessage = { name: string; message: string; fields: Record<string, unknown> };
export type FromDbThread = { id: number; ok: true; rows: unknown[] } | { id: number; ok: false; error: ErrorMessage };

/** A database error crosses threads with the fields callers read (code, constraint, detail, ...). */
export function errorToMessage(error: unknown): ErrorMessage {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    try {
      fields[key] = structuredClone(value);
    } catch {
      // A field that cannot cross threads (a handle, a function inside) is left out; code and message stay.
    }
  }
  return { name: error.name, message: error.message, fields };
}

export function errorFromMessage({ name, message, fields }: ErrorMessage): Error {
  const error = new Error(message);
  error.name = name;
  return Object.assign(error, fields);
}
