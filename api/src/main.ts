// CLI: node --import tsx api/src/main.ts [--stage development|test] [--memory] [--data <dir>] [--port 4000]
//        [--realtime-port 4100] [--host 127.0.0.1] [--quiet]
// The stage comes from --stage, else HAVEN_STAGE; anything but development/test is production.
import { parseArgs } from 'node:util';
import path from 'node:path';
import { API_ROOT } from './config/paths.js';
import { startApi } from './server.js';
import { DEMO_ACCOUNTS, FLOW_DEMO_ACCOUNTS } from './seed/index.js';
import { ConfigError } from './core/config.js';

const { values } = parseArgs({
  options: {
    stage: { type: 'string' },
    memory: { type: 'boolean', default: false },
    data: { type: 'string' },
    port: { type: 'string', default: process.env.PORT ?? '4000' },
    'realtime-port': { type: 'string', default: process.env.REALTIME_PORT ?? '4100' },
    host: { type: 'string', default: '127.0.0.1' },
    quiet: { type: 'boolean', default: false },
  },
});
const defaultData = path.join(API_ROOT, '.data');
const database = values.memory ? 'memory' : (values.data ?? defaultData);

let started;
try {
  started = await startApi({
    port: Number(values.port),
    realtimePort: Number(values['realtime-port']),
    host: values.host,
    database,
    logger: !values.quiet,
    stage: values.stage,
  });
} catch (e) {
  if (!(e instanceof ConfigError)) throw e;
  console.error(
    `[api] refusing to start: ${e.message}\n[api] (stage: development and test are the only non-production stages; see api/README.md "Stages and secrets")`,
  );
  process.exit(78); // EX_CONFIG
}
const dev = started.stage !== 'production';
const unsent = (['email', 'sms', 'whatsapp'] as const).filter((c) => !started.messageChannels.includes(c));
const lines = [
  `Haven api        ${started.url}/api/v1   (OpenAPI: ${started.url}/openapi.json)   stage: ${started.stage}`,
  started.realtime
    ? `Realtime db      ${started.realtimeUrl ?? ''}   (own process, supervised: pid ${String(started.realtime.pid)})`
    : 'Realtime db      off (HAVEN_REALTIME=off: clients use the Firebase project of their runtime config)',
  `Messages         ${started.messageChannels.length ? `${started.messageChannels.join(', ')} leave` : 'none leave'}${unsent.length ? `; ${unsent.join(', ')} stay in the outbox (api/README.md "Messages that leave")` : ''}`,
  `Database         ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : database === 'memory' ? 'PGlite in memory' : `PGlite at ${database}`}`,
  ...(dev
    ? [
        `Dev outbox       ${started.url}/api/v1/dev/outbox?to=<e-mail or +91mobile>`,
        '',
        'Demo log-ins:',
        ...[...DEMO_ACCOUNTS, ...FLOW_DEMO_ACCOUNTS].map(
          (a) => `  ${a.role.padEnd(38)} ${a.email.padEnd(26)} ${a.password.padEnd(10)}   ${a.note}`,
        ),
      ]
    : ['Production: no development routes, no automatic seed.']),
];
// Production logs are JSON lines (Fastify's logger, one per request with its reqId): so is this one.
if (dev) console.log(lines.join('\n'));
else {
  console.log(
    JSON.stringify({
      level: 30,
      time: Date.now(),
      pid: process.pid,
      msg: 'Haven api listening',
      url: started.url,
      stage: started.stage,
      database: process.env.DATABASE_URL ? 'postgres' : database === 'memory' ? 'pglite-memory' : 'pglite',
      realtime: started.realtimeUrl,
      messages_leave_by: started.messageChannels,
    }),
  );
  // A production api that cannot send some messages says so at start (codes on that channel never arrive).
  if (unsent.length)
    console.log(
      JSON.stringify({
        level: 40,
        time: Date.now(),
        pid: process.pid,
        msg: `No transport for ${unsent.join(', ')}: those messages stay in the outbox (api/README.md "Messages that leave")`,
      }),
    );
}

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  // Graceful: readiness turns 503, requests in flight finish (HAVEN_SHUTDOWN_GRACE_MS at most), then exit.
  console.log(
    dev
      ? `\n${signal}: shutting down`
      : JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg: `${signal}: draining and shutting down` }),
  );
  await started.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
