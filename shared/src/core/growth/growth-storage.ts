// The browser storage the growth code owns (product rules, What the client keeps: "Other browser storage").
import { storageGet, storageSet } from '../platform/storage-keys';
import type { AttributionRecord } from '../state/types';

export const AD_USER_PARAMS_KEY = 'ad_user_params';
export const IN_ORGANIC_KEY = 'isInOrganicUser';
export const INITIAL_REFERRER_KEY = 'initial_referrer';
export const LOCATION_FETCH_TIMESTAMP_KEY = 'location_fetch_timestamp';
export const DEVICE_ID_KEY = 'deviceId';
/** Set once the doc_referral user property and update call are done for a uuid. */
export const DOC_REFERRAL_DONE_KEY = 'doc_referral_done';

/** The stored attribution record; Product rules, Attribution and analytics: corrupt local JSON becomes an empty object. */
export function readStoredAttribution(): Partial<AttributionRecord> {
  const raw = storageGet(AD_USER_PARAMS_KEY);
  if (raw === null) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Partial<AttributionRecord>) : {};
  } catch {
    return {};
  }
}

export function writeStoredAttribution(record: AttributionRecord): void {
  storageSet(AD_USER_PARAMS_KEY, JSON.stringify(record));
}

/** This browser's anonymous id (product rules, What the client keeps: deviceId), made once. */
export function deviceId(): string {
  const stored = storageGet(DEVICE_ID_KEY);
  if (stored) return stored;
  const id = typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  storageSet(DEVICE_ID_KEY, id);
  return id;
}
