// Child-process entry of the realtime server (forked by supervisor.ts). It loads its modules, waits for
// its start message on the IPC channel (a standby waits until the running worker dies), starts, reports `ready`, streams data snapshots to the supervisor (so a
// restart keeps the data) and exits when the supervisor goes away.
import { loadFirebaseServer, startRealtime, type RealtimeIdentity, type RealtimeServer } from './server.js';
import type { ToWorker, FromWorker } from './supervisor.js';

if (!process.send) {
  console.error('[realtime] worker.ts is started by the api (supervisor.ts), not directly');
  process.exit(2);
}
const tell = (m: FromWorker) => process.send?.(m);
let running: RealtimeServer | undefined;

// Access checks go to the supervisor (the api, which has the database) and come back by id.
const pendingChecks = new Map<number, (ended: boolean[]) => void>();
let checkSeq = 0;
const checkAccess = (identities: RealtimeIdentity[]) =>
  new Promise<boolean[]>((resolve) => {
    const id = ++checkSeq;
    // No answer in time: nobody is cut off on a guess; the next round asks again.
    const timeout = setTimeout(() => {
      pendingChecks.delete(id);
      resolve(identities.map(() => false));
    }, 10_000);
    pendingChecks.set(id, (ended) => {
      clearTimeout(timeout);
      resolve(ended);
    });
    tell({ type: 'access', id, identities });
  });

process.on('message', (m: ToWorker) => {
  if (m.type === 'access-result') {
    const done = pendingChecks.get(m.id);
    pendingChecks.delete(m.id);
    done?.(m.ended);
    return;
  }
  if (m.type !== 'start' || running) return;
  const { checksAccess, ...options } = m.options;
  startRealtime({ ...options, ...(checksAccess ? { checkAccess } : {}), onData: (data) => tell({ type: 'snapshot', data }) }).then(
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
