// Running behind a load balancer (core/lifecycle.ts): liveness and readiness probes, load shedding
// (503 + Retry-After at once past the in-flight bound or while requests queue; probes never shed), readiness 503
// while draining or without a database. The two-process shutdown is in test-cluster/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { boot, call, savedDatabase } from './helpers.js';
import { buildApp } from '../src/app.js';
import { migrate, openDb } from '../src/db/index.js';
import { LatencyGate, PGLITE_MAX_IN_FLIGHT, pressureCounts, ShedLog, sheddingFromEnv, SHEDDING_DEFAULTS } from '../src/core/lifecycle.js';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.js';

/** Opens a sign-in whose body is not sent yet: in flight from the server's side once "100 Continue" came back. */
async function holdRequest(url: string): Promise<{ finish(): Promise<string>; sock: Socket }> {
  const { port } = new URL(url);
  const body = JSON.stringify({ email: 'patient@haven.test', password: DEMO_PASSWORD });
  const sock = connect(Number(port), '127.0.0.1');
  let answer = '';
  sock.on('data', (d: Buffer) => {
    answer += d.toString();
  });
  const closed = new Promise<void>((resolve) => sock.once('close', () => resolve()));
  sock.write(
    `POST /api/v1/auth/sign_in HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
  );
  for (let i = 0; i < 1000 && !answer.includes('100 Continue'); i++) await new Promise((res) => setTimeout(res, 10));
  assert.match(answer, /^HTTP\/1\.1 100 Continue/);
  return {
    sock,
    finish: async () => {
      sock.write(body);
      await closed;
      return answer;
    },
  };
}

test('load shedding: past the in-flight bound the answer is 503 + Retry-After at once; probes still answer', async () => {
  // Only the in-flight bound: the other two measure time, which a busy test machine would trip.
  const s = await boot({
    env: { HAVEN_LOAD_SHEDDING: 'on', HAVEN_MAX_IN_FLIGHT: '1', HAVEN_MAX_QUEUE_MS: '600000', HAVEN_MAX_EVENT_LOOP_DELAY_MS: '600000' },
  });
  try {
    const held = await holdRequest(s.url);
    const shed = await call(`${s.api}/auth/validate_token`);
    assert.equal(shed.status, 503);
    assert.equal(shed.headers.get('retry-after'), '1');
    assert.equal(shed.body.code, 'overloaded');
    assert.match(String(shed.body.message), /busy/);
    assert.ok(shed.headers.get('x-request-id'));
    assert.equal((await call(`${s.url}/healthz`)).status, 200);
    assert.equal((await call(`${s.url}/readyz`)).status, 200);
    assert.match(await held.finish(), /HTTP\/1\.1 200 OK/);
    // The slot is free again.
    assert.equal((await call(`${s.api}/auth/validate_token`)).status, 401);
  } finally {
    await s.close();
  }
});

test('the queue detector: shed while even the quickest recent answer is over the target, not for one slow answer or a few', () => {
  // [event, time ms, latency ms (4 answers of it) or expected verdict]; windows of 250 ms, 8 answers at least.
  const steps: Array<['done', number, number] | ['queueing?', number, boolean]> = [
    ['queueing?', 0, false], // nothing known
    ['done', 10, 5000],
    ['done', 15, 5000], // slow answers...
    ['done', 20, 12], // ...beside quick ones: no queue
    ['queueing?', 30, false],
    ['done', 300, 450],
    ['done', 320, 380], // a window where every answer waited
    ['queueing?', 330, false], // the previous window still had a quick answer
    ['done', 560, 400],
    ['done', 565, 420],
    ['queueing?', 570, true], // two windows with nothing under 200 ms: queueing
    ['queueing?', 1400, false], // long quiet: nothing known any more, admitted
    ['done', 1410, 900],
    ['queueing?', 1420, false], // 4 slow answers are too few to say
    ['done', 1425, 900],
    ['queueing?', 1430, true],
    ['done', 1435, 30],
    ['queueing?', 1440, false], // caught up
  ];
  const gate = new LatencyGate(200, 250, 8);
  for (const [i, step] of steps.entries()) {
    if (step[0] === 'done') for (let n = 0; n < 4; n++) gate.done(step[2], step[1]);
    else assert.equal(gate.queueing(step[1]), step[2], `step ${i} at ${step[1]} ms`);
  }
});

test("the queue detector, Little's law: shed when a request admitted now would wait past the target at the measured pace", () => {
  // [answers (20 ms each) spread over 0-240 ms, requests in flight at 245 ms, verdict]
  const cases: Array<[number, number, boolean]> = [
    [10, 5, false], // slow pace, little in flight: 5 ÷ (10 / 245 ms) ≈ 123 ms
    [10, 100, true], // the embedded database starved: 100 waiting at 41 answers a second ≈ 2.5 s
    [500, 100, false], // PostgreSQL's pace: 100 in flight ≈ 49 ms
    [500, 400, false], // ≈ 196 ms, still inside
    [500, 450, true],
    [4, 100, false], // too few answers to say anything
  ];
  for (const [answers, inFlight, want] of cases) {
    const gate = new LatencyGate(200, 250, 8);
    for (let i = 0; i < answers; i++) gate.done(20, Math.floor((240 * i) / answers));
    assert.equal(gate.queueing(245, inFlight), want, `${answers} answers, ${inFlight} in flight`);
  }
  // The previous window counts with its real length: 250 answers over 0-300 ms, then 250 more by 400 ms.
  const gate = new LatencyGate(200, 250, 8);
  for (let i = 0; i < 250; i++) gate.done(20, Math.floor((249 * i) / 250));
  for (let i = 0; i < 250; i++) gate.done(20, 300 + Math.floor((99 * i) / 250));
  assert.equal(gate.queueing(400, 190), false); // 500 answers in 400 ms: 190 in flight ≈ 152 ms
  assert.equal(gate.queueing(400, 260), true); // ≈ 208 ms
});

test('shed requests are logged as one line a second with the counts, not one line each', () => {
  const lines: Array<[Record<string, number>, string]> = [];
  const log = new ShedLog((counts, first) => lines.push([{ ...counts }, first]), 1000);
  log.shed('in-flight', 'r1', 0); // the first is logged at once
  for (let i = 2; i <= 500; i++) log.shed(i % 2 ? 'queue' : 'in-flight', `r${i}`, 10 + i);
  assert.deepEqual(lines, [[{ 'in-flight': 1 }, 'r1']]);
  log.shed('eventLoopDelay', 'r501', 1000); // a second later: the counts since the last line
  assert.deepEqual(lines[1], [{ 'in-flight': 250, queue: 249, eventLoopDelay: 1 }, 'r2']);
  log.flush(1500); // nothing new: no line
  assert.equal(lines.length, 2);
  log.shed('queue', 'r502', 1600);
  log.flush(2000);
  assert.deepEqual(lines[2], [{ queue: 1 }, 'r502']);
});

test('event-loop pressure counts when measured, not while starting nor when the sample was empty', () => {
  const cases: Array<[string, number | undefined, number, boolean]> = [
    ['eventLoopDelay', 1500, 5000, true], // a measured delay over the bound
    ['eventLoopDelay', 1500, 500, false], // just listening: opening the database blocked the loop
    ['eventLoopDelay', Infinity, 5000, false], // no sample in the interval: nothing measured
    ['eventLoopDelay', NaN, 5000, false],
    ['heapUsedBytes', 1e9, 5000, true],
  ];
  for (const [type, value, since, want] of cases)
    assert.equal(pressureCounts(type, value, since), want, `${type} ${String(value)} ${since}`);
});

test('shedding is on in production and when asked; its bounds come from the environment', () => {
  assert.deepEqual(sheddingFromEnv({}, true), SHEDDING_DEFAULTS);
  assert.deepEqual(sheddingFromEnv({}, true, 'pglite'), { ...SHEDDING_DEFAULTS, maxInFlight: PGLITE_MAX_IN_FLIGHT });
  assert.equal(sheddingFromEnv({}, false), null);
  assert.equal(sheddingFromEnv({ HAVEN_LOAD_SHEDDING: 'off' }, true), null);
  assert.deepEqual(sheddingFromEnv({ HAVEN_LOAD_SHEDDING: 'on', HAVEN_MAX_IN_FLIGHT: '8', HAVEN_MAX_QUEUE_MS: '50' }, false), {
    ...SHEDDING_DEFAULTS,
    maxInFlight: 8,
    maxQueueMs: 50,
  });
  assert.deepEqual(sheddingFromEnv({ HAVEN_MAX_IN_FLIGHT: 'lots', HAVEN_MAX_EVENT_LOOP_DELAY_MS: '-1' }, true), SHEDDING_DEFAULTS);
});

test('readiness: 200 when ready; 503 while draining, and 503 when the database is gone; liveness stays 200', async () => {
  const db = await openDb({ database: savedDatabase('migrated') ?? 'memory', url: null });
  await migrate(db);
  const app = await buildApp({
    db,
    stage: 'test',
    isProduction: false,
    secret: 'x'.repeat(40),
    firebaseSecret: 'y'.repeat(40),
    firebaseProjectId: 'haven-local',
  });
  try {
    assert.deepEqual((await app.inject('/readyz')).json(), { ok: true });
    // [what happens, the readiness answer then]
    const steps: Array<[() => unknown, string]> = [
      [() => db.close(), 'database'],
      [() => app.lifecycle.drain(), 'draining'], // said first, whatever else is wrong
    ];
    for (const [act, reason] of steps) {
      await act();
      const r = await app.inject('/readyz');
      assert.equal(r.statusCode, 503);
      assert.deepEqual(r.json(), { ok: false, reason });
      assert.equal((await app.inject('/healthz')).statusCode, 200, 'alive all the same');
    }
  } finally {
    await app.close();
  }
});
