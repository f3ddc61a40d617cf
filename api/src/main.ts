// CLI: node --import tsx api/src/main.ts [--memory] [--data <dir>] [--port 4000] [--realtime-port 4100] [--host 127.0.0.1]
import { parseArgs } from 'node:util';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApi } from './server.js';
import { DEMO_ACCOUNTS } from './seed/demo-accounts.js';

const { values } = parseArgs({
  options: {
    memory: { type: 'boolean', default: false },
    data: { type: 'string' },
    port: { type: 'string', default: process.env.PORT ?? '4000' },
    'realtime-port': { type: 'string', default: process.env.REALTIME_PORT ?? '4100' },
    host: { type: 'string', default: '127.0.0.1' },
    quiet: { type: 'boolean', default: false },
  },
});
const defaultData = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.data');
const database = values.memory ? 'memory' : (values.data ?? defaultData);

const started = await startApi({
  port: Number(values.port), realtimePort: Number(values['realtime-port']), host: values.host, database, logger: !values.quiet,
});
const lines = [
  `Haven api        ${started.url}/api/v1   (OpenAPI: ${started.url}/openapi.json)`,
  `Realtime db      ${started.realtimeUrl}`,
  `Database         ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : database === 'memory' ? 'PGlite in memory' : `PGlite at ${database}`}`,
  `Dev outbox       ${started.url}/api/v1/dev/outbox?to=<e-mail or +91mobile>`,
  '',
  'Demo log-ins:',
  ...DEMO_ACCOUNTS.map((a) => `  ${a.role.padEnd(34)} ${a.email.padEnd(26)} ${a.password}   ${a.note}`),
];
console.log(lines.join('\n'));

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  console.log(`\n${signal}: shutting down`);
  await started.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
