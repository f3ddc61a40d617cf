// Product rules, Attribution and analytics: "Attribution" at run time: the visit's record stored locally, synced to attribution/{userId}
// after sign-in, kept up to date by a live subscription, the organic/inorganic mark in
// experiments/{firebaseid}, ispm on route change (product rules, Attribution and analytics), doc_referral, and the error texts.
import { apiClient } from '../../api/client';
import { storageGet, storageSet } from '../../platform/storage-keys';
import { eventBus } from '../../events/event-bus';
import { readOnce, subscribe, write } from '../../realtime/realtime-client';
import { reportError } from '../../reporting/report-error';
import { havenStore } from '../../state/store';
import type { AttributionRecord, AuthUser } from '../../state/types';
import { setUserProperty } from '../analytics/tracker';
import { DOC_REFERRAL_DONE_KEY, IN_ORGANIC_KEY, readStoredAttribution, writeStoredAttribution } from '../growth-storage';
import {
  attributionToStore,
  isInOrganicUser,
  isInorganicVisit,
  isPerformanceMarketingUser,
  markConsumed,
  needsDocReferralUpdate,
  organicRecord,
  queryFromSearch,
  shouldUseRemote,
  shouldWriteRemote,
  withIspm,
  type Query,
} from '../../rules/attribution-rules';
import type { Answer } from '../../api/contract';

/** Product rules, Attribution and analytics: attribution failure texts. */
export const ATTRIBUTION_ERRORS = {
  update: 'Error updating attribution data',
  store: 'Error storing attribution data',
  fetch: 'Error fetching attribution data',
} as const;

const attributionPath = (user: AuthUser) => `attribution/${user.id}`;
const experimentsPath = (user: AuthUser) => `experiments/${user.firebaseid}`;
const setLoading = (attributionsLoading: boolean) => havenStore.getState().appConfig.update({ attributionsLoading });

function fail(text: string, cause: unknown, user: AuthUser): void {
  reportError(new Error(text), { cause: cause instanceof Error ? cause.message : String(cause), userId: user.id });
}

/** The landing visit: its record (if any) kept locally, and the organic mark. */
export function captureVisit(query: Query, now: number = Date.now()): void {
  const record = attributionToStore(query, readStoredAttribution(), now);
  if (record) {
    writeStoredAttribution(record);
    eventBus.emit('attribution:updated', { record });
  }
  // Only a visit with parameters decides; otherwise the stored value stands (a device that never saw one keeps none).
  if (isInorganicVisit(query)) storageSet(IN_ORGANIC_KEY, 'true');
}

/**
 * After sign-in: local record to the remote one when it is missing or older; the organic mark to
 * experiments/. A visit without marketing parameters writes no attribution (product rules: "If the URL has
 * none of the marketing parameters, no attribution is written"), so a lapsed record is left as it is.
 */
export async function syncAttribution(user: AuthUser, now: number = Date.now()): Promise<void> {
  setLoading(true);
  try {
    let remote: Partial<AttributionRecord> | null;
    try {
      remote = await readOnce<Partial<AttributionRecord>>(attributionPath(user));
    } catch (cause) {
      fail(ATTRIBUTION_ERRORS.fetch, cause, user);
      return;
    }
    const local = readStoredAttribution();
    if (shouldWriteRemote(local, remote, now)) {
      try {
        await write(attributionPath(user), local);
      } catch (cause) {
        fail(ATTRIBUTION_ERRORS.store, cause, user);
      }
    }
    const organicMark = storageGet(IN_ORGANIC_KEY);
    if (organicMark !== null) {
      try {
        await write(experimentsPath(user), { isInOrganicUser: isInOrganicUser({}, organicMark) });
      } catch (cause) {
        fail(ATTRIBUTION_ERRORS.update, cause, user);
      }
    }
    await docReferral(user);
  } finally {
    setLoading(false);
  }
}

/** Product rules, Attribution and analytics: the update call when the source is doc_referral and the user has a uuid; the user property set once. */
async function docReferral(user: AuthUser): Promise<void> {
  if (!needsDocReferralUpdate(readStoredAttribution(), user.uuid) || storageGet(DOC_REFERRAL_DONE_KEY) === user.uuid) return;
  try {
    await apiClient.get<Answer<'/customers/{uuid}/update_doc_referral', 'get'>>(
      `/customers/${encodeURIComponent(user.uuid)}/update_doc_referral`,
      { params: { doc_referral: true } },
    );
    setUserProperty('doc_referral', true);
    storageSet(DOC_REFERRAL_DONE_KEY, user.uuid);
  } catch (cause) {
    fail(ATTRIBUTION_ERRORS.update, cause, user);
  }
}

/**
 * Marks the user's record consumed, locally and remotely (product rules, Attribution and analytics: "An
 * unconsumed record can be marked consumed"): a booking made with it has been credited to its campaign.
 */
export async function markAttributionConsumed(user: AuthUser): Promise<void> {
  const local = readStoredAttribution();
  if (local.is_consumed !== false || !local.marketing_data || !local.utm_data) return;
  await saveRecord(user, markConsumed(local as AttributionRecord));
}

/** Product rules, Attribution and analytics: "Code may overwrite a record with organic data and is_consumed true". */
export function overwriteWithOrganic(user: AuthUser, now: number = Date.now()): Promise<void> {
  return saveRecord(user, organicRecord(now));
}

async function saveRecord(user: AuthUser, record: AttributionRecord): Promise<void> {
  setLoading(true);
  try {
    writeStoredAttribution(record);
    await write(attributionPath(user), record);
  } catch (cause) {
    fail(ATTRIBUTION_ERRORS.update, cause, user);
  } finally {
    setLoading(false);
  }
}

/** The live subscription: a fresh remote record becomes the local one. */
function follow(user: AuthUser): () => void {
  return subscribe<Partial<AttributionRecord>>(attributionPath(user), (remote) => {
    if (!remote || !shouldUseRemote(remote, Date.now())) return;
    const local = readStoredAttribution();
    if (JSON.stringify(local) === JSON.stringify(remote)) return;
    writeStoredAttribution(remote as AttributionRecord);
    eventBus.emit('attribution:updated', { record: remote as AttributionRecord });
  });
}

/** Product rules, Attribution and analytics: performance-marketing users get ispm=true added to the URL on route change. */
function addIspm(): void {
  if (!isPerformanceMarketingUser(readStoredAttribution(), Date.now())) return;
  const next = withIspm(window.location.href);
  if (next) window.history.replaceState(window.history.state, '', next);
}

/** Captures the landing visit, then follows sign-ins and route changes. Returns the stop function. */
export function startAttribution(landingSearch: string): () => void {
  captureVisit(queryFromSearch(landingSearch));
  let unfollow: (() => void) | null = null;
  const onLogin = (user: AuthUser) => {
    unfollow?.();
    unfollow = follow(user);
    void syncAttribution(user);
  };
  const current = havenStore.getState().auth.user;
  if (current) onLogin(current);
  const offs = [
    eventBus.on('auth:login', ({ user }) => onLogin(user)),
    eventBus.on('auth:logout', () => {
      unfollow?.();
      unfollow = null;
    }),
    // The booking request carried the record (X-UTM-PARAMS): its campaign has been credited once.
    eventBus.on('booking:booked', () => {
      const user = havenStore.getState().auth.user;
      if (user) void markAttributionConsumed(user);
    }),
  ];
  window.addEventListener('single-spa:routing-event', addIspm);
  return () => {
    offs.forEach((off) => off());
    unfollow?.();
    window.removeEventListener('single-spa:routing-event', addIspm);
  };
}
