// The database away (restarting, failing over, unreachable, out of connections) is answered 503 with
// Retry-After and code database_unavailable, never 500 "Internal server error"; a statement that is
// simply wrong is still a 500. What PostgreSQL and node-postgres say in each case is the table below;
// the real restarts, kills and a full server are in test-faults/ (PostgreSQL, two processes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp } from '../src/app.js';
import { migrate, openDb, type Db } from '../src/db/index.js';
import { DB_RETRY_AFTER_S, isDatabaseUnavailable } from '../src/db/unavailable.js';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.js';
import { savedDatabase } from './support/databases.js';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

test('which errors mean the database is away', () => {
  const cases: Array<[string, unknown, boolean]> = [
    ['admin shutdown (pg_ctl restart -m fast)', pgError('57P01', 'terminating connection due to administrator command'), true],
    [
      'crash shutdown (a sibling backend crashed)',
      pgError('57P02', 'terminating connection because of crash of another server process'),
      true,
    ],
    ['starting up or shutting down', pgError('57P03', 'the database system is starting up'), true],
    ['max_connections reached', pgError('53300', 'sorry, too many clients already'), true],
    ['connection failure (class 08)', pgError('08006', 'connection failure'), true],
    ['refused (server down)', socketError('ECONNREFUSED'), true],
    ['reset mid-query', socketError('ECONNRESET'), true],
    ['lost mid-query (node-postgres, no code)', new Error('Connection terminated unexpectedly'), true],
    ['the pool waited too long for a connection', new Error('timeout exceeded when trying to connect'), true],
    ['a client whose connection died', new Error('Client has encountered a connection error and is not queryable'), true],
    [
      'every address refused (AggregateError)',
      Object.assign(new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')]), {}),
      true,
    ],
    ['a unique violation', pgError('23505', 'duplicate key value violates unique constraint'), false],
    ['a missing table (a bug)', pgError('42P01', 'relation "nope" does not exist'), false],
    ['a serialization failure', pgError('40001', 'could not serialize access'), false],
    ['a coded error whose text looks like a lost connection', pgError('XX000', 'Connection terminated unexpectedly'), false],
    ['an ordinary error', new Error('something else'), false],
    ['not an error', 'Connection terminated', false],
    ['nothing', null, false],
  ];
  for (const [what, e, away] of cases) assert.equal(isDatabaseUnavailable(e), away, what);
});

/** The api over an embedded database whose every statement can be made to fail with `failWith`. */
async function appOverFailingDb() {
  const real = await openDb({ database: savedDatabase('migrated') ?? 'memory', url: null });
  await migrate(real);
  let failWith: Error | null = null;
  const failing = <T>(run: () => Promise<T>) => (failWith ? Promise.reject(failWith) : run());
  const db: Db = {
    ...real,
    query: (sql, params) => failing(() => real.query(sql, params)),
    tx: (fn) => failing(() => real.tx(fn)),
  };
  const app = await buildApp({
    db,
    stage: 'test',
    isProduction: false,
    secret: 'x'.repeat(40),
    firebaseSecret: 'y'.repeat(40),
    firebaseProjectId: 'haven-local',
  });
  return {
    app,
    close: async () => {
      await app.close();
      await real.close();
    },
    fail: (e: Error | null) => {
      failWith = e;
    },
    signIn: () =>
      app.inject({ method: 'POST', url: '/api/v1/auth/sign_in', payload: { email: 'nobody@haven.test', password: DEMO_PASSWORD } }),
  };
}

test('a request that meets the database away: 503, Retry-After, code database_unavailable; a bug stays a 500', async () => {
  const { app, close, fail, signIn } = await appOverFailingDb();
  try {
    for (const e of [
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('53300', 'sorry, too many clients already'),
      new Error('Connection terminated unexpectedly'),
      socketError('ECONNREFUSED'),
    ]) {
      fail(e);
      const r = await signIn();
      assert.equal(r.statusCode, 503, e.message);
      assert.equal(r.headers['retry-after'], String(DB_RETRY_AFTER_S));
      const body = r.json();
      assert.equal(body.code, 'database_unavailable');
      assert.equal(body.retry_after, DB_RETRY_AFTER_S);
      assert.match(body.message, /cannot reach its database/);
      assert.doesNotMatch(JSON.stringify(body), /terminat|too many|ECONN/, 'nothing internal leaks');
      assert.ok(body.request_id);
    }
    fail(pgError('42P01', 'relation "nope" does not exist'));
    const bug = await signIn();
    assert.equal(bug.statusCode, 500);
    assert.equal(bug.json().message, 'Internal server error');
    assert.equal(bug.headers['retry-after'], undefined);

    // Readiness says not ready while the database is away, and ready again once it answers.
    fail(pgError('57P03', 'the database system is starting up'));
    const away = await app.inject('/readyz');
    assert.equal(away.statusCode, 503);
    assert.deepEqual(away.json(), { ok: false, reason: 'database' });
    assert.equal(away.headers['retry-after'], String(DB_RETRY_AFTER_S));
    fail(null);
    assert.deepEqual((await app.inject('/readyz')).json(), { ok: true });
    assert.equal((await signIn()).statusCode, 401, 'answers as usual again');
  } finally {
    await close();
  }
});
