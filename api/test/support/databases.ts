// The run's saved PGlite databases (scripts/run-tests.sh, scripts/test-db-snapshot.ts): a test that needs
// a migrated database, or a migrated and seeded one, opens its own in-memory copy instead of running
// initdb, every migration and the demo seed again (about four seconds a database).
import { SNAPSHOT_PREFIX } from '../../src/db/pglite-protocol.js';

/**
 * The `database` option (openDb, startApi) of a copy of the run's `seeded` (demo world) or `migrated`
 * (no rows) database; null when there is none to copy (a file run on its own, or PostgreSQL: DATABASE_URL).
 */
export function savedDatabase(kind: 'seeded' | 'migrated'): string | null {
  if (process.env.DATABASE_URL) return null;
  const file = process.env[kind === 'seeded' ? 'HAVEN_TEST_DB_SNAPSHOT' : 'HAVEN_TEST_DB_MIGRATED'];
  return file ? `${SNAPSHOT_PREFIX}${file}` : null;
}
