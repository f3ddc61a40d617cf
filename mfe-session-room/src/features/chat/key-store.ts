// Each person's chat key pair for a session stays on their device (IndexedDB holds the CryptoKey
// objects; the private key is not extractable), so a reload re-derives the same chat key.
import { createKeyPair } from './chat-crypto';

const DB_NAME = 'haven-session-room';
const STORE = 'chat-keys';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
  });
}

function run<T>(db: IDBDatabase, mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = act(db.transaction(STORE, mode).objectStore(STORE));
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** This device's key pair for `id` (session and role), created on first use. */
export async function chatKeyPair(id: string): Promise<CryptoKeyPair> {
  let db: IDBDatabase;
  try {
    db = await openDb();
  } catch {
    // No IndexedDB (a private window may refuse it): a key pair for this page only; after a reload the
    // earlier messages cannot be opened here, which the chat says once, in words.
    return createKeyPair();
  }
  try {
    const stored = await run<CryptoKeyPair | undefined>(db, 'readonly', (store) => store.get(id) as IDBRequest<CryptoKeyPair | undefined>);
    if (stored) return stored;
    const pair = await createKeyPair();
    await run(db, 'readwrite', (store) => store.put(pair, id));
    return pair;
  } finally {
    db.close();
  }
}
