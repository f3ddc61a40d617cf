// One api process for the mail fault tests (mail-fixtures.ts): the api as `startApi` runs it, on the
// DATABASE_URL and HAVEN_* of its environment (HAVEN_STAGE picks the stage); prints "ready <url>" once it answers, stops on SIGTERM.
import { startApi } from '../src/server.js';

const api = await startApi({ port: 0, host: '127.0.0.1', realtime: false });
console.log(`ready ${api.url}`);
const stop = () => {
  api.close().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
