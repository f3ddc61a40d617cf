// Whose account the pages act in, as a switch records it: beside the secondary token, so the header names the
// right person from the first paint after a reload (the core reads it back at sign-in: storedActingProfile).
// In `@haven/shared/auth-flows`: only a switch writes it.
import { ACTING_PROFILE_KEY, havenStore, storageRemove, storageSet } from '@haven/shared';
import type { Profile } from '@haven/shared';

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
