// `pnpm test:api` writes one migrated and seeded database to a tarball before the test files start; each
// file's server then opens its own in-memory copy of it (test/helpers.ts, HAVEN_TEST_DB_SNAPSHOT) instead
// of running initdb, every migration and the demo seed again: about four seconds a server, 35 servers.
import { writeFile } from 'node:fs/promises';
import { migrate, pgliteDb } from '../src/db/index.js';
import { openPgliteDatabase } from '../src/db/pglite-protocol.js';
import { seed } from '../src/seed/index.js';
import { loadConfig } from '../src/core/config.js';
import { setPasswordCost } from '../src/identity/index.js';
import { applyTestStageEnv } from '../test/support/runtime.js';

const out = process.argv[2];
if (!out) throw new Error('usage: test-db-snapshot.ts <file.tar.gz>');
const pg = await openPgliteDatabase('memory');
const db = pgliteDb(pg);
// The demo accounts' passwords hashed at the test servers' cost, as a test server seeding itself would.
applyTestStageEnv();
setPasswordCost(loadConfig(process.env, { stage: 'test' }).passwordCost);
await migrate(db);
await seed(db);
const dump = await pg.dumpDataDir('gzip');
await writeFile(out, Buffer.from(await dump.arrayBuffer()));
await pg.close();
