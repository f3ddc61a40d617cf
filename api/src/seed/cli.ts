// The explicit demo seed for a staging site (production never seeds by itself):
//   pnpm --filter @haven/api seed:demo [--data <PGlite dir>]      (DATABASE_URL=postgres://... wins)
// Migrates, then writes the demo world (published demo log-ins!) into an EMPTY database; refuses otherwise.
import { parseArgs } from 'node:util';
import path from 'node:path';
import { API_ROOT } from '../config/paths.js';
import { migrate, openDb } from '../db/index.js';
import { isSeeded, seed } from './index.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';

const { values } = parseArgs({ options: { data: { type: 'string' }, demo: { type: 'boolean', default: false } } });
if (!values.demo) {
  console.error('seed: pass --demo to write the demo world (demo log-ins with a published password) into an empty database');
  process.exit(2);
}
const database = values.data ?? path.join(API_ROOT, '.data');
const db = await openDb({ database });
try {
  await migrate(db);
  if (await isSeeded(db)) {
    console.error('seed: the database already has users; refusing to add demo data to it');
    process.exitCode = 1;
  } else {
    await seed(db);
    console.log(`seed: demo world written (${DEMO_ACCOUNTS.length} demo log-ins; see api/README.md)`);
  }
} finally {
  await db.close();
}
