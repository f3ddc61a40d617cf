// The embedded database's own thread. PGlite runs each statement synchronously (WASM) on the
// thread that owns it: on the api's thread a slow statement stalled every request with it, the health
// check and the load shedder included, so a request could wait seconds before any hook saw it. Here PGlite
// has a thread of its own; db/index.ts sends it statements as messages (pglite-protocol.ts).
import { parentPort, workerData } from 'node:worker_threads';
import type { Transaction } from '@electric-sql/pglite';
import { errorToMessage, openPgliteDatabase, type FromDbThread, type ToDbThread } from './pglite-protocol.js';

if (!parentPort) throw new Error('db/pglite-worker.ts is started by db/index.ts, not directly');
const port = parentPort;
const database = (workerData as { database: string }).database;

const pg = await openPgliteDatabase(database);

/** Open transactions: PGlite holds its lock for each until the api thread says commit or roll back. */
const open = new Map<number, { tx: Transaction; finish: (commit: boolean) => void; done: Promise<void> }>();
const ROLLBACK = Symbol('rollback');

function reply(message: FromDbThread) {
  port.postMessage(message);
}

async function run(message: ToDbThread): Promise<void> {
  switch (message.op) {
    case 'query': {
      const runner = message.tx === undefined ? pg : open.get(message.tx)?.tx;
      if (!runner) throw new Error(`db thread: no open transaction ${message.tx}`);
      const result = await runner.query(message.sql, message.params);
      reply({ id: message.id, ok: true, rows: result.rows });
      return;
    }
    case 'exec':
      await pg.exec(message.sql);
      reply({ id: message.id, ok: true, rows: [] });
      return;
    case 'begin': {
      let entered!: () => void;
      const ready = new Promise<void>((resolve) => (entered = resolve));
      const done = pg
        .transaction(async (tx) => {
          const commit = await new Promise<boolean>((finish) => {
            open.set(message.id, { tx, finish, done });
            entered();
          });
          if (!commit) throw ROLLBACK;
        })
        .catch((error: unknown) => {
          if (error !== ROLLBACK) throw error;
        });
      // A transaction that could not begin answers with its error instead of waiting forever.
      await Promise.race([ready, done]);
      reply({ id: message.id, ok: true, rows: [] });
      return;
    }
    case 'end': {
      const entry = open.get(message.tx);
      if (!entry) throw new Error(`db thread: no open transaction ${message.tx}`);
      open.delete(message.tx);
      entry.finish(message.commit);
      await entry.done;
      reply({ id: message.id, ok: true, rows: [] });
      return;
    }
    case 'close':
      await pg.close();
      reply({ id: message.id, ok: true, rows: [] });
      port.close();
      return;
  }
}

port.on('message', (message: ToDbThread) => {
  run(message).catch((error: unknown) => reply({ id: message.id, ok: false, error: errorToMessage(error) }));
});
reply({ id: 0, ok: true, rows: [] });
