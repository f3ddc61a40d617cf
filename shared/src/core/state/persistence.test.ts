// Persistence under the key `haven` (product rules, What the client keeps): only five slices, validated on the way back in.
import { createHavenStore } from './store';
import { PERSIST_KEY, REHYDRATION_TIMEOUT_MS } from './persistence';
import type { StateStorage } from 'zustand/middleware';

const stored = () =>
  JSON.parse(localStorage.getItem('haven') ?? 'null') as { state: Record<string, Record<string, unknown>>; version: number };
const write = (state: unknown) => localStorage.setItem('haven', JSON.stringify({ state, version: 0 }));

let consoleError: jest.SpyInstance;
beforeEach(() => {
  localStorage.clear();
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

test('persists only disclaimer, package, appConfig, providerSwitch and userLocationDetails under "haven"', () => {
  expect(PERSIST_KEY).toBe('haven');
  expect(REHYDRATION_TIMEOUT_MS).toBe(5000);
  const store = createHavenStore();
  store.getState().auth.update({ user: { id: 1 } as never, loading: false });
  store.getState().disclaimer.update({ shown: true });
  store.getState().appConfig.update({ appLoaded: true, isCfUser: true });
  const { state } = stored();
  expect(Object.keys(state).sort()).toEqual(['appConfig', 'disclaimer', 'package', 'providerSwitch', 'userLocationDetails']);
  expect(state.disclaimer).toEqual({ shown: true });
  expect(state.appConfig?.isCfUser).toBe(true);
  expect(state.appConfig).not.toHaveProperty('appLoaded'); // transient flags are not persisted
  expect(JSON.stringify(state)).not.toContain('"update"');
});

test('a reload rehydrates the persisted slices', () => {
  const first = createHavenStore();
  first.getState().disclaimer.update({ shown: true });
  first
    .getState()
    .package.update({ is_package_client: true, package: { info: { id: 9, analytics: { package_type: 'b2b' } } }, package_coach_id: 'c-1' });
  first.getState().userLocationDetails.setLocation({ country: 'IN', timezone: 'Asia/Kolkata', display_timezone: 'India - IST' });
  first.getState().providerSwitch.update({ switchReason: 'fit', isLoading: true });

  const s = createHavenStore().getState();
  expect(s.hydrated).toBe(true);
  expect(s.disclaimer.shown).toBe(true);
  expect(s.package).toMatchObject({ is_package_client: true, package: { info: { id: 9 } }, package_coach_id: 'c-1' });
  expect(s.userLocationDetails.location?.timezone_abbreviation).toBe('IST');
  expect(s.providerSwitch).toMatchObject({ switchReason: 'fit', isLoading: false });
});

test.each<[string, () => void]>([
  ['bad JSON', () => localStorage.setItem('haven', '{"state": {')],
  ['a JSON array', () => localStorage.setItem('haven', '[1,2]')],
  ['state is a string', () => localStorage.setItem('haven', JSON.stringify({ state: 'x', version: 0 }))],
  ['a value over 1 MB', () => write({ disclaimer: { shown: true }, junk: 'x'.repeat(1_000_001) })],
])('%s gives defaults and no crash', (_name, seed) => {
  seed();
  let store: ReturnType<typeof createHavenStore> | undefined;
  expect(() => {
    store = createHavenStore();
  }).not.toThrow();
  expect(store?.getState().hydrated).toBe(true);
  expect(store?.getState().disclaimer.shown).toBe(false);
});

test.each<[string, Record<string, unknown>]>([
  ['wrong type', { shown: 'yes' }],
  ['__proto__ key', JSON.parse('{"shown": true, "__proto__": {"polluted": true}}') as Record<string, unknown>],
  ['constructor key', { shown: true, constructor: { prototype: { polluted: true } } }],
  ['a huge string', { shown: true, note: 'ok', nested: 'x'.repeat(20_000) }],
  ['not an object', [true] as unknown as Record<string, unknown>],
])('a hostile disclaimer slice (%s) gives that slice defaults, other slices still rehydrate', (_name, disclaimer) => {
  write({ disclaimer, package: { is_package_client: true } });
  const s = createHavenStore().getState();
  expect(s.disclaimer.shown).toBe(false);
  expect(s.package.is_package_client).toBe(true);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(typeof s.disclaimer.update).toBe('function'); // actions survive
});

test('wrong nested types reject the slice: appVisibility with a string flag, location with a number', () => {
  write({
    appConfig: { isCfUser: true, appVisibility: { isTherapyOffered: 'no' } },
    userLocationDetails: { location: { country: 5 }, isUserInForeignTimezone: true },
    providerSwitch: { selectedProvider: 'not-an-object' },
  });
  const s = createHavenStore().getState();
  expect(s.appConfig.isCfUser).toBe(false);
  expect(s.appConfig.appVisibility.isTherapyOffered).toBe(true);
  expect(s.userLocationDetails.isUserInForeignTimezone).toBe(false);
  expect(s.providerSwitch.selectedProvider).toBeNull();
});

test('unknown stored fields and slices are dropped, not merged', () => {
  write({ disclaimer: { shown: true, extra: 1 }, auth: { user: { id: 666 } } });
  const s = createHavenStore().getState();
  expect(s.disclaimer).not.toHaveProperty('extra');
  expect(s.auth.user).toBeNull();
});

test('another stored version is still validated and merged', () => {
  localStorage.setItem('haven', JSON.stringify({ state: { disclaimer: { shown: true } }, version: 7 }));
  expect(createHavenStore().getState().disclaimer.shown).toBe(true);
});

test('async storage answering in time is merged; a storage that throws gives defaults', async () => {
  const value = JSON.stringify({ state: { disclaimer: { shown: true } }, version: 0 });
  const slow: StateStorage = {
    getItem: () => new Promise((resolve) => setTimeout(() => resolve(value), 10)),
    setItem: () => undefined,
    removeItem: () => undefined,
  };
  const store = createHavenStore({ storage: () => slow });
  expect(store.getState().hydrated).toBe(false);
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(store.getState()).toMatchObject({ hydrated: true, disclaimer: { shown: true } });

  const broken: StateStorage = {
    getItem: () => {
      throw new Error('SecurityError');
    },
    setItem: () => {
      throw new Error('QuotaExceeded');
    },
    removeItem: () => undefined,
  };
  const other = createHavenStore({ storage: () => broken });
  expect(other.getState().hydrated).toBe(true);
  expect(() => other.getState().disclaimer.update({ shown: true })).not.toThrow();
  expect(other.getState().disclaimer.shown).toBe(true);
});

test('after the time-out a late storage answer does not overwrite the defaults the user works with', async () => {
  jest.useFakeTimers();
  let answer: (v: string) => void = () => undefined;
  const late: StateStorage = {
    getItem: () =>
      new Promise<string>((resolve) => {
        answer = resolve;
      }),
    setItem: () => undefined,
    removeItem: () => undefined,
  };
  const store = createHavenStore({ storage: () => late });
  jest.advanceTimersByTime(5000);
  expect(store.getState().hydrated).toBe(true);
  store.getState().disclaimer.update({ shown: false });
  jest.useRealTimers();
  answer(JSON.stringify({ state: { disclaimer: { shown: true } }, version: 0 }));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(store.getState().disclaimer.shown).toBe(false);
});

test('a change that leaves the stored text as it is writes nothing; a wiped or failed write is written again', () => {
  const stored = new Map<string, string>();
  const writes: string[] = [];
  let failNext = false;
  const counting: StateStorage = {
    getItem: (name) => stored.get(name) ?? null,
    setItem: (name, value) => {
      if (failNext) {
        failNext = false;
        throw new Error('QuotaExceeded');
      }
      writes.push(value);
      stored.set(name, value);
    },
    removeItem: (name) => void stored.delete(name),
  };
  const store = createHavenStore({ storage: () => counting });
  store.getState().disclaimer.update({ shown: true });
  const afterFirst = writes.length;
  expect(afterFirst).toBeGreaterThan(0);
  // Loading flags are not persisted: the stored text would not change.
  store.getState().auth.update({ loading: false });
  store.getState().auth.update({ loading: true });
  store.getState().disclaimer.update({ shown: true });
  expect(writes).toHaveLength(afterFirst);

  // Storage wiped behind the store's back (session loss clears it): the next change writes it back.
  stored.clear();
  store.getState().auth.update({ loading: false });
  expect(writes).toHaveLength(afterFirst + 1);

  failNext = true;
  store.getState().disclaimer.update({ shown: false });
  expect(writes).toHaveLength(afterFirst + 1);
  // The same state again: the failed text was never stored, so it is written now.
  store.getState().disclaimer.update({ shown: false });
  expect(writes).toHaveLength(afterFirst + 2);
  expect(JSON.parse(writes[writes.length - 1] as string)).toMatchObject({ state: { disclaimer: { shown: false } } });
});
