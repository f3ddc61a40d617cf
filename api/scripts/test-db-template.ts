// The PostgreSQL counterpart of test-db-snapshot.ts: scripts/test-postgres.sh migrates and seeds one
// database on its throwaway cluster before the test files start; each file's server then gets a copy of
// it (CREATE DATABASE ... TEMPLATE, test/helpers.ts, HAVEN_TEST_PG_TEMPLATE) instead of running every
// migration and the demo seed again.
import { migrate, openDb } from '../src/db/index.js';
import { seed } from '../src/seed/index.js';

const name = process.argv[2];
const admin = process.env.DATABASE_URL;
if (!name || !/^[a-z_][a-z0-9_]*$/.test(name) || !admin)
  throw new Error('usage: DATABASE_URL=<admin url> test-db-template.ts <database name>');
const { default: pg } = await import('pg');
const c = new pg.Client({ connectionString: admin });
await c.connect();
await c.query(`CREATE DATABASE ${name}`);
await c.end();
const url = new URL(admin);
url.pathname = `/${name}`;
const db = await openDb({ url: url.toString() });
await migrate(db);
await seed(db);
// Every connection closed: PostgreSQL copies a template only while nobody is connected to it.
await db.close();
