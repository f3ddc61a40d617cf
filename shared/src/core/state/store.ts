// The root store: every state as one slice of one zustand store (one instance per page, since
// the core is a Module Federation singleton). See persistence.ts for why one store and one persist.
import { startTransition, useEffect, useReducer, useRef } from 'react';
import { persist, type StateStorage } from 'zustand/middleware';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { reportError } from '../reporting/report-error';
import { createAiSlice, type AiSlice } from './ai';
import { createAppConfigSlice, initialAppConfig, type AppConfigSlice } from './app-config';
import { createAuthSlice, initialAuth, type AuthSlice } from './auth';
import { createChatSlice, initialChat, type ChatSlice } from './chat';
import { createClinicsSlice, type ClinicsSlice } from './clinics';
import { createCoachmarkingSlice, type CoachmarkingSlice } from './coachmarking';
import { createConsentSlice, type ConsentSlice } from './consent';
import { createDisclaimerSlice, type DisclaimerSlice } from './disclaimer';
import { createFeatureFlagsSlice, type FeatureFlagsSlice } from './feature-flags';
import { createInitialAssessmentSlice, type InitialAssessmentSlice } from './initial-assessment';
import { readStoredOrganisation } from './organisation';
import { createNudgeSlice, type NudgeSlice } from './nudge';
import { createOfferSlice, type OfferSlice } from './offer';
import { createPackageSlice, type PackageSlice } from './package';
import { mergePersisted, partializeState, PERSIST_KEY, REHYDRATION_TIMEOUT_MS, safeJsonStorage, type PersistedState } from './persistence';
import { createProviderSwitchSlice, type ProviderSwitchSlice } from './provider-switch';
import { createProvidersSlice, initialProviders, type ProvidersSlice } from './providers';
import { createSessionsSlice, initialSessions, type SessionsSlice } from './sessions';
import type { SliceApi } from './slice';
import { createTflSlice, initialTfl, type TflSlice } from './tfl';
import { createUserLocationDetailsSlice, type UserLocationDetailsSlice } from './user-location-details';

export interface HavenSlices {
  auth: AuthSlice;
  sessions: SessionsSlice;
  providers: ProvidersSlice;
  providerSwitch: ProviderSwitchSlice;
  chat: ChatSlice;
  disclaimer: DisclaimerSlice;
  tfl: TflSlice;
  consent: ConsentSlice;
  ai: AiSlice;
  featureFlags: FeatureFlagsSlice;
  appConfig: AppConfigSlice;
  package: PackageSlice;
  offer: OfferSlice;
  coachmarking: CoachmarkingSlice;
  initialAssessment: InitialAssessmentSlice;
  nudge: NudgeSlice;
  clinics: ClinicsSlice;
  userLocationDetails: UserLocationDetailsSlice;
}

export interface HavenState extends HavenSlices {
  /** True once stored state is merged in, or after the rehydration time-out. Never persisted; pages read appConfig.appLoaded (app-loaded.ts). */
  hydrated: boolean;
}

export type HavenStore = StoreApi<HavenState>;

export interface HavenStoreOptions {
  /** Defaults to localStorage; tests pass slow or broken storages. */
  storage?: () => StateStorage;
  hydrationTimeoutMs?: number;
}

export function createHavenStore({
  storage = () => window.localStorage,
  hydrationTimeoutMs = REHYDRATION_TIMEOUT_MS,
}: HavenStoreOptions = {}): HavenStore {
  let timedOut = false;
  let setRoot: StoreApi<HavenState>['setState'] | null = null;
  const markHydrated = () => setRoot?.({ hydrated: true });

  const store = createStore<HavenState>()(
    persist<HavenState, [], [], PersistedState>(
      (set, get) => {
        setRoot = set;
        const api = <K extends keyof HavenSlices>(key: K): SliceApi<HavenSlices[K]> => ({
          patch: (partial) => set((s) => ({ [key]: { ...s[key], ...partial } }) as unknown as Partial<HavenState>),
          get: () => get()[key],
        });
        return {
          hydrated: false,
          auth: createAuthSlice(api('auth')),
          sessions: createSessionsSlice(api('sessions')),
          providers: createProvidersSlice(api('providers')),
          providerSwitch: createProviderSwitchSlice(api('providerSwitch')),
          chat: createChatSlice(api('chat')),
          disclaimer: createDisclaimerSlice(api('disclaimer')),
          tfl: createTflSlice(api('tfl')),
          consent: createConsentSlice(api('consent')),
          ai: createAiSlice(api('ai')),
          featureFlags: createFeatureFlagsSlice(api('featureFlags')),
          // orgData's one stored form is company_details (organisation.ts).
          appConfig: { ...createAppConfigSlice(api('appConfig')), orgData: readStoredOrganisation() },
          package: createPackageSlice(api('package')),
          offer: createOfferSlice(api('offer')),
          coachmarking: createCoachmarkingSlice(api('coachmarking')),
          initialAssessment: createInitialAssessmentSlice(api('initialAssessment')),
          nudge: createNudgeSlice(api('nudge')),
          clinics: createClinicsSlice(api('clinics')),
          userLocationDetails: createUserLocationDetailsSlice(api('userLocationDetails')),
        };
      },
      {
        name: PERSIST_KEY,
        storage: safeJsonStorage(storage),
        partialize: (state) => partializeState(state),
        // Every stored version goes through the same validation, so no migration is needed.
        migrate: (persisted) => persisted as PersistedState,
        // After the time-out the user already works with defaults: a late answer must not overwrite them.
        merge: (persisted, current) => (timedOut ? current : mergePersisted(persisted, current)),
        onRehydrateStorage: () => (_state, error) => {
          if (error) reportError(error, { where: 'state rehydration' });
          markHydrated();
        },
      },
    ),
  );

  if (!store.getState().hydrated) {
    // Storage that never answers (a wedged async storage) must not keep the app waiting.
    setTimeout(() => {
      if (store.getState().hydrated) return;
      timedOut = true;
      markHydrated();
    }, hydrationTimeoutMs);
  }
  return store;
}

/** The page's one store. */
export const havenStore: HavenStore = createHavenStore();

/**
 * Whether the browser is dispatching a person's input right now (a key, a tap, a typed character):
 * what they did shows in the same frame. Anything else (an answer arriving, a timer) is not waited on.
 */
function answeringInput(): boolean {
  return typeof window !== 'undefined' && window.event !== undefined;
}

/**
 * React hook: `useHavenStore((s) => s.auth.user)`. A change made while a person's input is dispatched
 * renders at once, as useSyncExternalStore would; any other change (the answers that fill a page as it
 * loads) renders as a transition, in slices a tap can come between. useSyncExternalStore renders every
 * change as one uninterruptible task, and a cold dashboard's answers made most of its blocking time.
 * The selected value is read from the store on each render, so a render never shows an older value.
 */
export function useHavenStore<T>(selector: (state: HavenState) => T, store: HavenStore = havenStore): T {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const selected = selector(store.getState());
  const latest = useRef({ selector, selected });
  useEffect(() => {
    latest.current = { selector, selected };
  });
  useEffect(() => {
    const changed = (state: HavenState) => !Object.is(latest.current.selector(state), latest.current.selected);
    const onChange = (state: HavenState) => {
      if (!changed(state)) return;
      if (answeringInput()) rerender();
      else startTransition(rerender);
    };
    const off = store.subscribe(onChange);
    // A change between this render and the subscription.
    onChange(store.getState());
    return off;
  }, [store]);
  return selected;
}

/** Product rules, Sign-in and identity: logout or reset returns auth, sessions, chat, providers, appConfig and tfl to initial values. */
export function resetOnLogout(store: HavenStore = havenStore): void {
  // One update, so subscribers render once and storage is written once.
  store.setState((s) => ({
    auth: { ...s.auth, ...initialAuth },
    sessions: { ...s.sessions, ...initialSessions },
    chat: { ...s.chat, ...initialChat },
    providers: { ...s.providers, ...initialProviders },
    // The page's boot does not run again after a logout: appLoaded stays as it is.
    appConfig: { ...s.appConfig, ...initialAppConfig, appLoaded: s.appConfig.appLoaded },
    tfl: { ...s.tfl, ...initialTfl },
  }));
}
