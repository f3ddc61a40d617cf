// Child-process entry of the realtime server (forked by supervisor.ts). It loads its modules, waits for
// its start message on the IPC channel (a standby waits until the running worker dies), starts, reports `ready`, streams data snapshots to the supervisor (so a
// restart keeps the data) and exits when the supervisor goes away.
import { loadFirebaseServer, startRealtime, type RealtimeServer } from './server.js';
import type { ToWorker, FromWorker } from './supervisor.js';

if (!process.send) {
  console.error('[realtime] worker.ts is started by the api (supervisor.ts), not directly');
  process.exit(2);
}
const tell = (m: FromWorker) => process.send?.(m);
let running: RealtimeServer | undefined;

process.on('message', (m: ToWorker) => {
  if (m.type !== 'start' || running) return;
  startRealtime({ ...m.options, onData: (data) => tell({ type: 'snapshot', data }) }).then(
    (rt) => {
      running = rt;
      tell({ type: 'ready', port: rt.port, url: rt.url });
    },
    (e: unknown) => {
      console.error(`[realtime] could not start: ${(e as Error).message}`);
      process.exit(3);
    },
  );
});
// The api is gone (its IPC channel closed): nothing supervises us any more.
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => {
  const stop = running ? running.close() : Promise.resolve();
  void stop.finally(() => process.exit(0));
});
// Load the modules now: as the supervisor's standby, this process then starts in milliseconds.
loadFirebaseServer();
