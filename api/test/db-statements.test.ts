// Prepared statement names (db/index.ts, PostgreSQL): one name per SQL text with parameters, a bounded
// table, a new name when a plan went stale. The PostgreSQL side is in test-cluster/prepared-statements.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isStalePlan, StatementNames } from '../src/db/index.js';

test('statement names: one per text with parameters, at most max texts, renewed on a stale plan', () => {
  const names = new StatementNames(2);
  const steps: Array<[string, unknown[], string | undefined]> = [
    ['SELECT 1', [], undefined], // no parameters: may be several statements, never prepared
    ['SELECT $1::int', [1], 'h0'],
    ['SELECT $1::int', [2], 'h0'], // same text, same name
    ['SELECT $1::text', ['a'], 'h1'],
    ['SELECT $1::date', ['2026-01-01'], undefined], // table full: runs unprepared
    ['SELECT $1::int', [3], 'h0'], // the named ones keep their names
  ];
  for (const [i, [sql, params, want]] of steps.entries()) assert.equal(names.nameOf(sql, params), want, `step ${i}: ${sql}`);
  assert.equal(names.renew('SELECT $1::int'), 'h2');
  assert.equal(names.nameOf('SELECT $1::int', [4]), 'h2');
  assert.equal(names.renew('SELECT $1::date'), undefined); // never prepared: nothing to renew
  assert.equal(new StatementNames(0).nameOf('SELECT $1::int', [1]), undefined); // HAVEN_PG_PREPARED_MAX=0: off
});

test('a stale plan is recognised by its code and message only', () => {
  assert.equal(isStalePlan(Object.assign(new Error('cached plan must not change result type'), { code: '0A000' })), true);
  assert.equal(
    isStalePlan(Object.assign(new Error('cannot insert multiple commands into a prepared statement'), { code: '42601' })),
    false,
  );
  assert.equal(isStalePlan(Object.assign(new Error('some other unsupported feature'), { code: '0A000' })), false);
});
