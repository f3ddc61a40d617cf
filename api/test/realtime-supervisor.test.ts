// The supervisor talks to its realtime worker over IPC. A message sent while the worker is dying fails (EPIPE,
// a closed channel) after the send has returned: it is logged, and the exit handler starts another worker. It
// must never reach the api process as an uncaught error (a child process without an 'error' listener throws it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { superviseRealtime } from '../src/realtime/supervisor.js';
import { announceAccessEnded } from '../src/realtime/access.js';
import { within } from './helpers.js';

test('a message to a worker that has just died is logged, not thrown, and another worker starts', async () => {
  const logged: string[] = [];
  const realtime = await superviseRealtime({ port: 0, host: '127.0.0.1', secret: 'supervisor-test-secret', log: (m) => logged.push(m) });
  try {
    const back = new Promise((resolve) => realtime.events.once('ready', resolve));
    process.kill(realtime.pid!, 'SIGKILL');
    // This thread waits while the worker dies, so the supervisor has not yet seen its channel close and sends.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
    void announceAccessEnded({ uid: 'nobody', beforeMs: Date.now() });
    await within(back, 10_000, 'another worker listening');
    assert.ok(
      logged.some((m) => /EPIPE|channel closed/i.test(m)),
      `the failed send is logged:\n${logged.join('\n')}`,
    );
    assert.equal(realtime.restarts, 1);
  } finally {
    await realtime.close();
  }
});
