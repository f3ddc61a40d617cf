// Whose account the pages act in: the secondary profile a stored token acts for, kept beside that token so
// the header names the right person from the first paint after a reload, not only after a switch.
import { havenStore } from '../state/store';
import type { Profile } from '../state/types';
import { ACTING_PROFILE_KEY, SECONDARY_TOKEN_KEY, storageGet, storageRemove, storageSet } from '../platform/storage-keys';

/** The stored acting profile, only while its secondary token is stored too (a token alone names nobody). */
export function storedActingProfile(): Profile | null {
  if (!storageGet(SECONDARY_TOKEN_KEY)) return null;
  try {
    const parsed: unknown = JSON.parse(storageGet(ACTING_PROFILE_KEY) ?? 'null');
    return parsed && typeof parsed === 'object' && typeof (parsed as Profile).uuid === 'string' ? (parsed as Profile) : null;
  } catch {
    return null;
  }
}

/** Records the secondary profile now acted for (null: the account's own person again), in storage and the store. */
export function rememberActingProfile(profile: Profile | null): void {
  if (profile) {
    // Only what the header shows: a name and an avatar, never the profile's health or contact fields.
    const { uuid, first_name, last_name, avatar_url } = profile;
    const kept = { uuid, first_name, last_name, avatar_url };
    storageSet(ACTING_PROFILE_KEY, JSON.stringify(kept));
    havenStore.getState().auth.update({ acting: kept });
  } else {
    storageRemove(ACTING_PROFILE_KEY);
    havenStore.getState().auth.update({ acting: null });
  }
}
