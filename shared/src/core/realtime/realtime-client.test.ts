// The firebase SDK is replaced here (it is not the unit under test and needs a server); the e2e suite
// runs the real SDK against the local realtime server.
import { setRuntimeConfig, type RuntimeConfig } from '../config/runtime-config';
import {
  getRealtime,
  openRealtimeApp,
  readOnce,
  REALTIME_APP_NAME,
  resetRealtimeForTests,
  setStatus,
  signInRealtime,
  signOutRealtime,
  subscribe,
  updateRecord,
  write,
} from './realtime-client';

const disconnectSet = jest.fn(async () => undefined);
const disconnectCancel = jest.fn(async () => undefined);
const sdk = {
  apps: [] as Array<{ name: string }>,
  initializeApp: jest.fn((_options: unknown, name: string) => {
    const app = { name };
    sdk.apps.push(app);
    return app;
  }),
  getDatabase: jest.fn(() => ({ kind: 'db' })),
  connectDatabaseEmulator: jest.fn(),
  forceWebSockets: jest.fn(),
  // A kept sign-in (the page's) or one in memory only (a session room's).
  initializeAuth: jest.fn((_app: unknown, { persistence }: { persistence: unknown }) =>
    Array.isArray(persistence) ? { kind: 'auth' } : { kind: 'memory-auth' },
  ),
  connectAuthEmulator: jest.fn(),
  signInWithCustomToken: jest.fn(async () => ({ user: { uid: 'fb-1' } })),
  signOut: jest.fn(async () => undefined),
  ref: jest.fn((_db: unknown, path: string) => ({ path })),
  set: jest.fn(async () => undefined),
  update: jest.fn(async () => undefined),
  get: jest.fn(async (): Promise<{ exists: () => boolean; val: () => unknown }> => ({
    exists: () => true,
    val: () => ({ currentCourseName: 'x' }),
  })),
  onDisconnect: jest.fn(() => ({ set: disconnectSet, cancel: disconnectCancel })),
  onValue: jest.fn(),
};

jest.mock('firebase/app', () => ({ getApps: () => sdk.apps, initializeApp: sdk.initializeApp }));
jest.mock('firebase/database', () => ({
  getDatabase: sdk.getDatabase,
  connectDatabaseEmulator: sdk.connectDatabaseEmulator,
  forceWebSockets: sdk.forceWebSockets,
  ref: sdk.ref,
  set: sdk.set,
  update: sdk.update,
  get: sdk.get,
  onDisconnect: sdk.onDisconnect,
  onValue: sdk.onValue,
}));
jest.mock('firebase/auth', () => ({
  initializeAuth: sdk.initializeAuth,
  indexedDBLocalPersistence: { type: 'LOCAL', store: 'indexedDB' },
  browserLocalPersistence: { type: 'LOCAL' },
  browserSessionPersistence: { type: 'SESSION' },
  inMemoryPersistence: { type: 'NONE' },
  connectAuthEmulator: sdk.connectAuthEmulator,
  signInWithCustomToken: sdk.signInWithCustomToken,
  signOut: sdk.signOut,
}));

const config: RuntimeConfig = {
  stage: 'development',
  siteBaseUrl: 'http://localhost:3000',
  apiBaseUrl: 'http://localhost:4000/api/v1',
  realtimeDatabaseUrl: 'http://localhost:4100?ns=haven-local',
  firebase: { apiKey: 'local-dev-key', projectId: 'haven-local', authEmulatorUrl: 'http://localhost:4000' },
  partnerIntegrationsHost: 'partners.localhost:3000',
  remotes: {},
};

beforeEach(() => {
  jest.clearAllMocks();
  sdk.apps.length = 0;
  resetRealtimeForTests();
  setRuntimeConfig(config);
});

test('initialises once from the runtime config and connects the local emulators off production', async () => {
  const [a, b] = await Promise.all([getRealtime(), getRealtime()]);
  expect(a).toBe(b);
  expect(sdk.initializeApp).toHaveBeenCalledTimes(1);
  expect(sdk.initializeApp).toHaveBeenCalledWith(
    { apiKey: 'local-dev-key', projectId: 'haven-local', databaseURL: 'http://localhost:4100?ns=haven-local' },
    REALTIME_APP_NAME,
  );
  expect(sdk.connectDatabaseEmulator).toHaveBeenCalledWith({ kind: 'db' }, 'localhost', 4100);
  // Long polling (its fallback after a dropped socket) loads scripts the page CSP blocks.
  expect(sdk.forceWebSockets).toHaveBeenCalled();
  expect(sdk.connectAuthEmulator).toHaveBeenCalledWith({ kind: 'auth' }, 'http://localhost:4000', { disableWarnings: true });
  // getAuth's persistences, without its popup and redirect resolver.
  expect(sdk.initializeAuth).toHaveBeenCalledWith(
    { name: REALTIME_APP_NAME },
    { persistence: [{ type: 'LOCAL', store: 'indexedDB' }, { type: 'LOCAL' }, { type: 'SESSION' }] },
  );
});

test('a start retried after the app and its auth were made reuses them (firebase refuses a second initializeAuth)', async () => {
  sdk.connectAuthEmulator.mockImplementationOnce(() => {
    throw new Error('emulator refused');
  });
  await expect(getRealtime()).rejects.toThrow('emulator refused');
  const realtime = await getRealtime();
  expect(sdk.initializeApp).toHaveBeenCalledTimes(1);
  expect(sdk.initializeAuth).toHaveBeenCalledTimes(1);
  expect(realtime.auth).toEqual({ kind: 'auth' });
});

test('openRealtimeApp: a named app of its own (the session room), its sign-in in memory only, opened once', async () => {
  const [a, b] = await Promise.all([openRealtimeApp('haven-session-room'), openRealtimeApp('haven-session-room')]);
  expect(a).toBe(b);
  expect(sdk.initializeApp).toHaveBeenCalledWith(
    expect.objectContaining({ databaseURL: 'http://localhost:4100?ns=haven-local' }),
    'haven-session-room',
  );
  expect(sdk.initializeAuth).toHaveBeenCalledWith({ name: 'haven-session-room' }, { persistence: { type: 'NONE' } });
  expect(a.auth).toEqual({ kind: 'memory-auth' });
  expect(sdk.connectAuthEmulator).toHaveBeenCalledWith({ kind: 'memory-auth' }, 'http://localhost:4000', { disableWarnings: true });
});

test('in production it talks to Firebase itself: no emulator', async () => {
  const { authEmulatorUrl: _drop, ...firebase } = config.firebase;
  setRuntimeConfig({ ...config, stage: 'production', realtimeDatabaseUrl: 'https://haven.firebaseio.com', firebase });
  await getRealtime();
  expect(sdk.connectDatabaseEmulator).not.toHaveBeenCalled();
  expect(sdk.connectAuthEmulator).not.toHaveBeenCalled();
});

test('a failed start is retried on the next call', async () => {
  setRuntimeConfig(null);
  await expect(getRealtime()).rejects.toThrow(/Runtime config not loaded/);
  setRuntimeConfig(config);
  await expect(getRealtime()).resolves.toBeDefined();
});

test('signInRealtime uses the custom token; signOutRealtime signs out', async () => {
  await expect(signInRealtime('fb-token')).resolves.toEqual({ uid: 'fb-1' });
  expect(sdk.signInWithCustomToken).toHaveBeenCalledWith({ kind: 'auth' }, 'fb-token');
  await signOutRealtime();
  expect(sdk.signOut).toHaveBeenCalledWith({ kind: 'auth' });
});

test('signOutRealtime before any connection does not load firebase', async () => {
  await signOutRealtime();
  expect(sdk.initializeApp).not.toHaveBeenCalled();
});

test('setStatus Online arms onDisconnect -> Offline, then writes Status/{uid}', async () => {
  await setStatus('u-1', 'Online');
  expect(sdk.ref).toHaveBeenCalledWith({ kind: 'db' }, 'Status/u-1');
  expect(disconnectSet).toHaveBeenCalledWith('Offline');
  expect(sdk.set).toHaveBeenCalledWith({ path: 'Status/u-1' }, 'Online');
  await setStatus('u-1', 'Offline');
  expect(disconnectCancel).toHaveBeenCalled();
  expect(sdk.set).toHaveBeenLastCalledWith({ path: 'Status/u-1' }, 'Offline');
});

test('readOnce, write and updateRecord', async () => {
  await expect(readOnce('users/fb-1')).resolves.toEqual({ currentCourseName: 'x' });
  sdk.get.mockResolvedValueOnce({ exists: () => false, val: () => null });
  await expect(readOnce('attribution/1')).resolves.toBeNull();
  await write('experiments/fb-1', { isInOrganicUser: true });
  expect(sdk.set).toHaveBeenCalledWith({ path: 'experiments/fb-1' }, { isInOrganicUser: true });
  await updateRecord('users/fb-1', { appVersion: '1.2.3' });
  expect(sdk.update).toHaveBeenCalledWith({ path: 'users/fb-1' }, { appVersion: '1.2.3' });
});

test('subscribe delivers values and its unsubscribe works before and after connecting', async () => {
  const off = jest.fn();
  sdk.onValue.mockImplementation((_ref: unknown, cb: (s: unknown) => void) => {
    cb({ exists: () => true, val: () => 'v1' });
    return off;
  });
  const callback = jest.fn();
  const unsubscribe = subscribe('attribution/1', callback);
  await getRealtime();
  await Promise.resolve();
  expect(callback).toHaveBeenCalledWith('v1');
  unsubscribe();
  expect(off).toHaveBeenCalled();

  sdk.onValue.mockClear();
  resetRealtimeForTests();
  const early = subscribe('attribution/2', callback);
  early();
  await getRealtime();
  await Promise.resolve();
  expect(sdk.onValue).not.toHaveBeenCalled();
});
