// The room's own realtime connection (a named firebase app signed in with the room token the api gave
// for rooms/{uuid}, kept in memory only): the paths the call and the chat use, nothing else.
import { openRealtimeApp, reportError, type Realtime } from '@haven/shared';

export type Role = 'patient' | 'provider';
export const otherRole = (role: Role): Role => (role === 'patient' ? 'provider' : 'patient');

export interface RoomChannel {
  role: Role;
  other: Role;
  set(path: string, value: unknown): Promise<void>;
  update(path: string, value: Record<string, unknown>): Promise<void>;
  push(path: string, value: unknown): Promise<void>;
  /** Live value; returns the unsubscribe function. */
  watch<T>(path: string, callback: (value: T | null) => void): () => void;
  /** Each child once, existing ones first, then new ones. */
  eachChild<T>(path: string, callback: (key: string, value: T) => void): () => void;
  /** Written by the server when this page's connection drops. */
  onDisconnectUpdate(path: string, value: Record<string, unknown>): Promise<void>;
  /** True while connected to the realtime database. */
  watchConnected(callback: (connected: boolean) => void): () => void;
  serverTime(): object;
  close(): Promise<void>;
}

export async function openRoomChannel(sessionId: string, role: Role, fbToken: string): Promise<RoomChannel> {
  const rt: Realtime = await openRealtimeApp('haven-session-room');
  const { db, database: d, auth, authSdk } = rt;
  await authSdk.signInWithCustomToken(auth, fbToken);
  const at = (path: string) => d.ref(db, `rooms/${sessionId}/${path}`);
  const failed = (path: string) => (error: Error) => reportError(error, { where: 'session room realtime', path });
  return {
    role,
    other: role === 'patient' ? 'provider' : 'patient',
    set: (path, value) => d.set(at(path), value),
    update: (path, value) => d.update(at(path), value),
    push: async (path, value) => {
      await d.push(at(path), value);
    },
    watch: (path, callback) => d.onValue(at(path), (snap) => callback(snap.exists() ? snap.val() : null), failed(path)),
    eachChild: (path, callback) => d.onChildAdded(at(path), (snap) => callback(snap.key ?? '', snap.val()), failed(path)),
    onDisconnectUpdate: (path, value) => d.onDisconnect(at(path)).update(value),
    watchConnected: (callback) => d.onValue(d.ref(db, '.info/connected'), (snap) => callback(snap.val() === true)),
    serverTime: () => d.serverTimestamp(),
    close: () => authSdk.signOut(auth),
  };
}
