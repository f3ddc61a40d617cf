import { DEFAULT_APP_VISIBILITY } from './app-config';
import { createHavenStore, resetOnLogout } from './store';
import type { AuthUser, Provider } from './types';

const user = { id: 1, email: 'me@example.com', mobile: '9876543210', firebaseid: 'fb-1' } as AuthUser;
const provider = { firstname: 'Asha', lastname: 'Rao', uuid: 'p-1' } as Provider;

beforeEach(() => localStorage.clear());

test('every state starts with its initial values; appVisibility defaults (product rules, Plan visibility)', () => {
  const s = createHavenStore().getState();
  expect(s.appConfig.appVisibility).toEqual({
    isTherapyOffered: true,
    isPsychiatryOffered: true,
    isCoupleTherapyOffered: true,
    showCommunities: true,
    isTherapyOfferedOffline: false,
    isPsychiatryOfferedOffline: false,
    isCoupleTherapyOfferedOffline: false,
    showAddMember: false,
    addedMemberCount: 0,
    maxMemberCount: 0,
    isOrgPlan: false,
    planCode: null,
  });
  expect(s.auth).toMatchObject({ user: null, loading: true, profiles: [], isMultiProfileUser: false });
  expect(s.sessions).toMatchObject({ upcomingSessions: [], completedSessions: [], suggestedSessions: [], completedSessionsCount: 0 });
  expect(s.nudge).toMatchObject({ nudges: {}, isAllLoaded: false });
  expect(s.featureFlags).toMatchObject({ ai_enabled: false, cf_coupon_enabled: false });
  expect(s.disclaimer.shown).toBe(false);
  expect(Object.keys(s).sort()).toEqual(
    [
      'ai',
      'appConfig',
      'auth',
      'chat',
      'clinics',
      'coachmarking',
      'consent',
      'disclaimer',
      'featureFlags',
      'hydrated',
      'initialAssessment',
      'nudge',
      'offer',
      'package',
      'providerSwitch',
      'providers',
      'sessions',
      'tfl',
      'userLocationDetails',
    ].sort(),
  );
});

test('setters update one slice and leave the others alone', () => {
  const store = createHavenStore();
  const before = store.getState().sessions;
  store.getState().auth.update({ user, loading: false });
  expect(store.getState().auth.user).toEqual(user);
  expect(store.getState().sessions).toBe(before);
  store.getState().auth.reset();
  expect(store.getState().auth.user).toBeNull();
});

test('auth.updateProfile merges into the user and clears loading, updating and error (product rules, Sign-in and identity)', () => {
  const store = createHavenStore();
  store.getState().auth.update({ user, loading: true, updatingProfile: true, error: 'x' });
  store.getState().auth.updateProfile({ mobile: '9000000000' });
  expect(store.getState().auth).toMatchObject({
    user: { ...user, mobile: '9000000000' },
    loading: false,
    updatingProfile: false,
    error: null,
  });
});

test('resetOnLogout returns auth, sessions, chat, providers, appConfig and tfl to initial values only', () => {
  const store = createHavenStore();
  const s = store.getState();
  s.auth.update({ user, loading: false });
  s.sessions.update({ upcomingSessions: [{ id: 1 }], completedSessionsCount: 3 } as never);
  s.chat.setDecryptionKey('channel-1', 'key-1');
  s.providers.cacheProfile(provider);
  s.appConfig.update({ isCfUser: true, appVisibility: { ...DEFAULT_APP_VISIBILITY, showAddMember: true } });
  s.tfl.update({ isTflFlow: true, authError: 'e' });
  s.disclaimer.update({ shown: true });
  s.providerSwitch.update({ currentProvider: provider });
  s.coachmarking.update({ dashboardTour: true });

  resetOnLogout(store);

  const after = store.getState();
  const fresh = createHavenStore({
    storage: () => ({ getItem: () => null, setItem: () => undefined, removeItem: () => undefined }),
  }).getState();
  for (const name of ['auth', 'sessions', 'chat', 'providers', 'appConfig', 'tfl'] as const) {
    expect(JSON.stringify(after[name])).toEqual(JSON.stringify(fresh[name]));
  }
  expect(after.disclaimer.shown).toBe(true);
  expect(after.providerSwitch.currentProvider).toEqual(provider);
  expect(after.coachmarking.dashboardTour).toBe(true);
});

test('provider switch: reset keeps modal, tagging details and selected provider; fullReset clears all (product rules, Providers and fees)', () => {
  const store = createHavenStore();
  const all = {
    providerTypeModal: true,
    isLoading: true,
    selectedProvider: provider,
    currentProvider: provider,
    switchReason: 'fit',
    providerTaggingDetails: { a: 1 },
    providerTaggingLoading: true,
  };
  store.getState().providerSwitch.update(all);
  store.getState().providerSwitch.reset();
  expect(store.getState().providerSwitch).toMatchObject({
    providerTypeModal: true,
    selectedProvider: provider,
    providerTaggingDetails: { a: 1 },
    isLoading: false,
    currentProvider: null,
    switchReason: null,
    providerTaggingLoading: false,
  });
  store.getState().providerSwitch.fullReset();
  expect(store.getState().providerSwitch).toMatchObject({ providerTypeModal: false, selectedProvider: null, providerTaggingDetails: null });
});

test('nudges: all loaded only when nps, feedback, reflection and webtoapp are all loaded', () => {
  const store = createHavenStore();
  const { setNudge } = store.getState().nudge;
  setNudge('nps', { is_loaded: true });
  setNudge('feedback', { is_loaded: true });
  setNudge('reflection', { is_loaded: true });
  expect(store.getState().nudge.isAllLoaded).toBe(false);
  setNudge('webtoapp', { is_loaded: false });
  expect(store.getState().nudge.isAllLoaded).toBe(false);
  setNudge('webtoapp', { is_loaded: true });
  expect(store.getState().nudge.isAllLoaded).toBe(true);
  setNudge('nps', { is_loaded: false });
  expect(store.getState().nudge.isAllLoaded).toBe(false);
});

test('user location: abbreviation is the part of display_timezone after " - "; foreign from is_international', () => {
  const store = createHavenStore();
  store.getState().userLocationDetails.update({ isLoading: true, error: 'old' });
  store.getState().userLocationDetails.setLocation({
    country: 'AE',
    timezone: 'Asia/Dubai',
    display_timezone: '(GMT+04:00) Gulf Standard Time - GST',
    is_blacklisted_country: false,
    is_international: true,
  });
  expect(store.getState().userLocationDetails).toMatchObject({
    location: {
      country: 'AE',
      timezone: 'Asia/Dubai',
      display_timezone: '(GMT+04:00) Gulf Standard Time - GST',
      is_blacklisted_country: false,
      timezone_abbreviation: 'GST',
    },
    isUserInForeignTimezone: true,
    isLoading: false,
    error: null,
  });
});

test('chat keys and the provider profile cache are keyed maps', () => {
  const store = createHavenStore();
  store.getState().chat.setDecryptionKey('a', '1');
  store.getState().chat.setDecryptionKey('b', '2');
  expect(store.getState().chat.decryptionKeys).toEqual({ a: '1', b: '2' });
  store.getState().providers.cacheProfile(provider);
  expect(store.getState().providers.profileCache['p-1']).toEqual(provider);
});
