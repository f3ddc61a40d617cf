// Prepared statements on PostgreSQL (db/index.ts): a hot query is prepared once per connection, and a
// migration by another process that changes a `SELECT *` result (a rolling release) does not break it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { openDb } from '../src/db/index.js';
import { freshDatabase } from './cluster.js';

test('a prepared SELECT * survives a column added by another process; prepared statements are reused', async () => {
  const fresh = await freshDatabase('haven_prepared');
  const db = await openDb({ url: fresh.url });
  const other = new pg.Client({ connectionString: fresh.url });
  try {
    await db.exec('CREATE TABLE things (id int PRIMARY KEY, name text)');
    await db.query('INSERT INTO things VALUES ($1, $2)', [1, 'one']);
    const sql = 'SELECT * FROM things WHERE id = $1';
    assert.deepEqual(await db.query(sql, [1]), [{ id: 1, name: 'one' }]);
    // Prepared on the server under its name (the pool's connection keeps it).
    const prepared = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = $1`, [sql]);
    assert.equal(prepared[0]!.n, 1);
    // Another process migrates: the prepared plan's result type is stale.
    await other.connect();
    await other.query(`ALTER TABLE things ADD COLUMN colour text NOT NULL DEFAULT 'blue'`);
    assert.deepEqual(await db.query(sql, [1]), [{ id: 1, name: 'one', colour: 'blue' }]);
    assert.deepEqual(await db.query(sql, [1]), [{ id: 1, name: 'one', colour: 'blue' }]);
  } finally {
    await other.end().catch(() => undefined);
    await db.close();
    await fresh.drop();
  }
});
