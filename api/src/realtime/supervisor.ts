// Runs the realtime server in its own process and restarts it when it dies, so that no client message
// and no unknown bug in firebase-server can take the api (or anything else) down. Restart is
// immediate (backing off to at most 1 s in a crash loop) and fast: a standby worker, its modules
// already loaded, takes over (a fresh one is forked if there is none); the data survives through the last snapshot
// the worker sent, crash after crash (the api also keeps each snapshot in the database: persistence.ts).
// The worker acknowledges a client's write only after this process answered `kept` for a snapshot holding
// it, and `kept` is answered only after onSnapshot (the api's database write) finished: an acknowledged
// write outlives a worker kill and an api kill. Ended access the api announces (access.ts) reaches the
// worker at once and is handed to every worker started later.
import { fork, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import path from 'node:path';
import { BUILT, CODE_DIR } from '../config/paths.js';
import type { RealtimeIdentity, RealtimeOptions } from './server.js';
import { listRevocations, newRevocations, onAccessEnded, pruneRevocations, recordEnded, type AccessEnded } from './access.js';

type WorkerOptions = Omit<RealtimeOptions, 'persist' | 'log' | 'checkAccess' | 'ended'>;
export type ToWorker =
  | { type: 'start'; options: WorkerOptions & { checksAccess: boolean; ended: AccessEnded[] } }
  | { type: 'access-result'; id: number; ended: boolean[] }
  | { type: 'kept'; seq: number; error?: string }
  | { type: 'access-ended'; id: number; ended: AccessEnded };
export type FromWorker =
  | { type: 'ready'; port: number; url: string }
  | { type: 'snapshot'; seq: number; data: unknown }
  | { type: 'access'; id: number; identities: RealtimeIdentity[] }
  | { type: 'access-ended-applied'; id: number };

export interface RealtimeSupervisor {
  port: number;
  url: string;
  /** The worker's pid (undefined while it is being restarted). */
  readonly pid: number | undefined;
  /** How many times the worker has been restarted. */
  readonly restarts: number;
  /** The last snapshot of the data the worker sent. */
  readonly data: unknown;
  /** 'exit' (code, signal) when the worker dies; 'ready' (pid, ms since the previous worker died, or null) when a (re)started worker listens. */
  events: EventEmitter;
  close(): Promise<void>;
}

// Built code (api/dist, production) forks the compiled worker; from source the worker is TypeScript,
// loaded with the api's own tsx whatever flags started this process.
const WORKER = path.join(CODE_DIR, 'realtime', BUILT ? 'worker.js' : 'worker.ts');
const WORKER_EXEC_ARGV = BUILT ? [] : ['--import', import.meta.resolve('tsx')];
export const CRASH_WINDOW_MS = 30_000;
/** The promise to clients: a dead realtime server is listening again within this time (first crash). */
export const RESTART_BOUND_MS = 2000;
export const MAX_RESTART_DELAY_MS = 1000;
const START_TIMEOUT_MS = 30_000;

export async function superviseRealtime(
  opts: WorkerOptions &
    Pick<RealtimeOptions, 'checkAccess'> & {
      log?: (m: string) => void;
      /**
       * Keeps each snapshot of the data the worker reports (one at a time); the writes it holds are
       * acknowledged to their clients once the returned promise resolves.
       */
      onSnapshot?: (data: unknown) => void | Promise<void>;
    },
): Promise<RealtimeSupervisor> {
  const { log: givenLog, checkAccess, onSnapshot, ...workerOptions } = opts;
  const log = givenLog ?? ((m: string) => console.error(`[realtime supervisor] ${m}`));
  const events = new EventEmitter();
  let child: ChildProcess | undefined;
  let snapshot: unknown = opts.data ?? null;
  let port = opts.port;
  let url = '';
  let restarts = 0;
  let closing = false;
  const crashes: number[] = [];
  let diedAt: number | undefined;
  // Ended access, kept for every worker started later; and the running worker's confirmations.
  const revocations = newRevocations();
  const applied = new Map<number, () => void>();
  let announceSeq = 0;
  const stopListening = onAccessEnded(async (ended) => {
    recordEnded(revocations, ended);
    pruneRevocations(revocations, Date.now());
    const c = child;
    if (!c?.connected) return; // a worker starting now gets it with its start message
    const id = ++announceSeq;
    await new Promise<void>((resolve) => {
      applied.set(id, resolve);
      c.send({ type: 'access-ended', id, ended } satisfies ToWorker);
      c.once('exit', () => resolve());
    });
    applied.delete(id);
  });

  let standby: ChildProcess | undefined;
  const forkWorker = () => {
    const worker = fork(WORKER, [], {
      execArgv: WORKER_EXEC_ARGV,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    // A message sent as the worker dies fails after send() returned (EPIPE, a closed channel): without a
    // listener that error would be thrown in the api process. Its exit handler starts the next worker.
    worker.on('error', (error) => log(`realtime server (pid ${String(worker.pid)}): ${error.message}`));
    return worker;
  };
  const prepareStandby = () => {
    if (closing || standby) return;
    const s = forkWorker();
    standby = s;
    s.once('exit', () => {
      if (standby === s) standby = undefined;
    });
  };

  const spawnWorker = (initial: boolean) =>
    new Promise<void>((resolve, reject) => {
      const c = standby && standby.connected ? standby : forkWorker();
      standby = undefined;
      child = c;
      let ready = false;
      const timeout = setTimeout(() => {
        if (!ready) c.kill('SIGKILL');
      }, START_TIMEOUT_MS);
      c.on('message', (m: FromWorker) => {
        if (m.type === 'snapshot') {
          snapshot = m.data;
          const kept = (error?: string) => {
            if (c.connected) c.send({ type: 'kept', seq: m.seq, ...(error === undefined ? {} : { error }) } satisfies ToWorker);
          };
          Promise.resolve()
            .then(() => onSnapshot?.(m.data))
            .then(
              () => kept(),
              (e: unknown) => kept(String(e)),
            );
        } else if (m.type === 'access-ended-applied') {
          applied.get(m.id)?.();
        } else if (m.type === 'access') {
          // The worker asks the api (this process, with the database) whose access ended.
          const answer = (ended: boolean[]) => {
            if (c.connected) c.send({ type: 'access-result', id: m.id, ended } satisfies ToWorker);
          };
          (checkAccess ? checkAccess(m.identities) : Promise.resolve(m.identities.map(() => false))).then(answer, (e: unknown) => {
            log(`access check failed: ${String(e)}`);
            answer(m.identities.map(() => false));
          });
        } else if (m.type === 'ready') {
          ready = true;
          clearTimeout(timeout);
          port = m.port;
          url = m.url;
          events.emit('ready', c.pid, diedAt === undefined ? null : Date.now() - diedAt);
          diedAt = undefined;
          resolve();
          prepareStandby();
        }
      });
      c.on('exit', (code, signal) => {
        clearTimeout(timeout);
        if (child === c) child = undefined;
        events.emit('exit', code, signal);
        if (closing) return;
        if (!ready && initial) {
          reject(new Error(`realtime server did not start (exit ${signal ?? code})`));
          return;
        }
        const now = Date.now();
        diedAt ??= now;
        crashes.push(now);
        while (crashes.length > 0 && now - crashes[0]! > CRASH_WINDOW_MS) crashes.shift();
        const delay = Math.min(MAX_RESTART_DELAY_MS, crashes.length <= 1 ? 0 : 100 * 2 ** (crashes.length - 2));
        log(
          `realtime server (pid ${String(c.pid)}) ${ready ? 'died' : 'failed to start'} (${signal ?? `exit ${String(code)}`}); restarting on port ${port} in ${delay} ms with its last data${crashes.length >= 3 ? ` (${crashes.length} deaths in ${CRASH_WINDOW_MS / 1000} s)` : ''}`,
        );
        setTimeout(() => {
          if (closing) return;
          restarts += 1;
          void spawnWorker(false);
        }, delay).unref();
      });
      const start: ToWorker = {
        type: 'start',
        options: { ...workerOptions, port, data: snapshot, checksAccess: checkAccess !== undefined, ended: listRevocations(revocations) },
      };
      c.send(start);
    });

  await spawnWorker(true);
  return {
    get port() {
      return port;
    },
    get url() {
      return url;
    },
    get pid() {
      return child?.pid;
    },
    get restarts() {
      return restarts;
    },
    get data() {
      return snapshot;
    },
    events,
    close: async () => {
      closing = true;
      stopListening();
      standby?.kill('SIGTERM');
      const c = child;
      if (!c || c.exitCode !== null) return;
      const gone = new Promise<void>((resolve) => c.once('exit', () => resolve()));
      c.kill('SIGTERM');
      const force = setTimeout(() => c.kill('SIGKILL'), 3000);
      await gone;
      clearTimeout(force);
    },
  };
}
