// Child-process entry of the realtime server (forked by supervisor.ts). It loads its modules, waits for
// its start message on the IPC channel (a standby waits until the running worker dies), starts, reports
// `ready`, hands each snapshot of the data to the supervisor and acknowledges a client's write only once
// the supervisor says the snapshot holding it is kept (so a restart, or the api's database, has it), and
// exits the moment the supervisor goes away: an orphan serves nobody.
import { loadFirebaseServer, startRealtime, type RealtimeIdentity, type RealtimeServer } from './server.js';
import type { ToWorker, FromWorker } from './supervisor.js';

if (!process.send) {
  console.error('[realtime] worker.ts is started by the api (supervisor.ts), not directly');
  process.exit(2);
}
const tell = (m: FromWorker) => {
  // No parent: nothing this process holds can be kept any more.
  if (!process.connected) process.exit(0);
  process.send?.(m);
};
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

// Snapshots go to the supervisor, which answers once it (and the api's database) kept them.
const pendingKeeps = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
let snapshotSeq = 0;
const persist = (data: unknown) =>
  new Promise<void>((resolve, reject) => {
    const seq = ++snapshotSeq;
    pendingKeeps.set(seq, { resolve, reject });
    tell({ type: 'snapshot', seq, data });
  });

process.on('message', (m: ToWorker) => {
  if (m.type === 'access-result') {
    const done = pendingChecks.get(m.id);
    pendingChecks.delete(m.id);
    done?.(m.ended);
    return;
  }
  if (m.type === 'kept') {
    const waiting = pendingKeeps.get(m.seq);
    pendingKeeps.delete(m.seq);
    if (m.error === undefined) waiting?.resolve();
    else waiting?.reject(new Error(m.error));
    return;
  }
  if (m.type === 'access-ended') {
    running?.endAccess(m.ended);
    tell({ type: 'access-ended-applied', id: m.id });
    return;
  }
  if (m.type !== 'start' || running) return;
  const { checksAccess, ...options } = m.options;
  startRealtime({ ...options, ...(checksAccess ? { checkAccess } : {}), persist }).then(
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
// The api is gone (its IPC channel closed): nothing supervises us, nothing we hold can be kept. Stop at
// once (every socket drops with the process; clients re-send their unacknowledged writes elsewhere).
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => {
  const stop = running ? running.close() : Promise.resolve();
  void stop.finally(() => process.exit(0));
});
// Load the modules now: as the supervisor's standby, this process then starts in milliseconds.
loadFirebaseServer();
