// `pnpm test:api` writes two databases to <dir> before the test files start: migrated.tar (every
// migration, no rows: what a production-stage server starts on) and seeded.tar (the demo world too: what
// a test server seeds itself). Each test server then opens its own in-memory copy of one
// (test/support/databases.ts) instead of running initdb, every migration and the demo seed again: about
// four seconds a server. Plain tar, not gzip: every copy's start would gunzip 45 MB again.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { migrate, pgliteDb } from '../src/db/index.js';
import { openPgliteDatabase } from '../src/db/pglite-protocol.js';
import { seed } from '../src/seed/index.js';
import { loadConfig } from '../src/core/config.js';
import { setPasswordCost } from '../src/identity/index.js';
import { applyTestStageEnv } from '../test/support/runtime.js';

const out = process.argv[2];
if (!out) throw new Error('usage: test-db-snapshot.ts <dir>');
await mkdir(out, { recursive: true });
const pg = await openPgliteDatabase('memory');
const db = pgliteDb(pg);
const save = async (name: string) => {
  const dump = await pg.dumpDataDir('none');
  await writeFile(path.join(out, name), Buffer.from(await dump.arrayBuffer()));
};
// The demo accounts' passwords hashed at the test servers' cost, as a test server seeding itself would.
applyTestStageEnv();
setPasswordCost(loadConfig(process.env, { stage: 'test' }).passwordCost);
await migrate(db);
await save('migrated.tar');
await seed(db);
await save('seeded.tar');
await pg.close();
