// Browser storage the auth flows own (product rules, What the client keeps: "Other browser storage").
/** The login flag other tabs (and a native app) watch; 'false' there logs this tab out too. */
export const LOGIN_STATUS_KEY = 'loginstatus';
/** Set by a native app (or another tab) to log this webview out. */
export const LOGOUT_USER_KEY = 'logoutUser';
/** The secondary-profile token the API client sends as `secondary-profile-access-token`. */
export const SECONDARY_TOKEN_KEY = 'secondary_token';
/** The person a secondary-profile token acts for ({ uuid, first_name, last_name, avatar_url }), so the header names them after a reload. */
export const ACTING_PROFILE_KEY = 'acting_profile';
/** Whose account has two or more people (the signed-in person's uuid), so the header's switch is there on a first paint without asking for the list. */
export const MANY_PEOPLE_KEY = 'many_people';
/** The customer id recorded at login (product rules, Sign-in and identity: "records the login flag and customer id locally"). */
export const CUSTOMER_ID_KEY = 'customer_id';
/** Verified partnership users keep this flag after logout (product rules, Sign-in and identity). */
export const PARTNER_VERIFIED_KEY = 'partner_verified';
/**
 * The company a partner flow signed the person in for ({ uuid, name }): sent as x-company-profile-uuid
 * and x-company-profile-name on every api request, removed at logout.
 */
export const COMPANY_DETAILS_KEY = 'company_details';
/** The therapy-for-life flow ('true' while in it; removed at sign-out), see auth/tfl-flow.ts. */
export const TFL_FLOW_KEY = 'is_tfl_flow';
/** Session storage: analytics skipped for this browser session (launch query skip_analytics, internal users). */
export const SKIP_ANALYTICS_KEY = 'skip_analytics';

export function storageGet(key: string, storage: () => Storage = () => window.localStorage): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

export function storageSet(key: string, value: string, storage: () => Storage = () => window.localStorage): void {
  try {
    storage().setItem(key, value);
  } catch {
    // storage blocked (privacy mode): the in-memory state still works for this page
  }
}

export function storageRemove(key: string, storage: () => Storage = () => window.localStorage): void {
  try {
    storage().removeItem(key);
  } catch {
    // nothing stored that we could remove
  }
}
