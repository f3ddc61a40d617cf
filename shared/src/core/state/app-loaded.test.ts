import { act, renderHook } from '@testing-library/react';
import { finishBoot, useAppLoaded, whenAppLoaded } from './app-loaded';
import { createHavenStore, resetOnLogout } from './store';

beforeEach(() => localStorage.clear());

const neverAnswers = () => ({
  getItem: () => new Promise<string | null>(() => undefined),
  setItem: () => undefined,
  removeItem: () => undefined,
});

test('appLoaded waits for sign-in to settle, then turns true (a failed sign-in still ends the boot)', async () => {
  const store = createHavenStore();
  let settle!: (v: unknown) => void;
  const auth = new Promise((_, reject) => (settle = reject));
  const done = finishBoot([auth], store);
  await Promise.resolve();
  expect(store.getState().appConfig.appLoaded).toBe(false);
  settle(new Error('validate token failed'));
  await done;
  expect(store.getState().appConfig.appLoaded).toBe(true);
});

test('appLoaded waits for the stored state: only after the 5 s rehydration time-out when storage never answers', async () => {
  jest.useFakeTimers();
  try {
    const store = createHavenStore({ storage: neverAnswers });
    const { result } = renderHook(() => useAppLoaded(store));
    void finishBoot([Promise.resolve()], store);
    await act(async () => jest.advanceTimersByTime(4999));
    expect(result.current).toBe(false);
    await act(async () => jest.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  } finally {
    jest.useRealTimers();
  }
});

test('appLoaded is never persisted, and a logout does not undo it (the boot does not run again)', async () => {
  const store = createHavenStore();
  await finishBoot([], store);
  await whenAppLoaded(store);
  expect(JSON.parse(localStorage.getItem('haven') ?? '{}').state.appConfig).not.toHaveProperty('appLoaded');
  resetOnLogout(store);
  expect(store.getState().appConfig.appLoaded).toBe(true);
  expect(createHavenStore().getState().appConfig.appLoaded).toBe(false);
});
