// Product rules, Profiles and members: profile update and multi-profile users ("Profiles response"): the profile list
// (meta.is_multi_profile_user), switching profile with the secondary-profile token, and ending the
// profile session.
// In `@haven/shared/auth-flows`: the root's things come through '@haven/shared' (see login-methods.ts).
import { eventBus, havenStore, reportError, SECONDARY_TOKEN_KEY, serverErrorMessage, storageRemove, storageSet } from '@haven/shared';
import type { AuthUser } from '@haven/shared';
import { rememberActingProfile } from './acting-profile';
import { deleteProfileSession, fetchProfiles, startProfileSession, updateProfileInfo } from './api/profile-calls';

const auth = () => havenStore.getState().auth;

/** Profiles fail silently (product rules, Errors and messages): the list stays as it was. */
export async function loadProfiles(): Promise<void> {
  auth().update({ profilesLoading: true });
  try {
    const { profiles, isMultiProfileUser } = await fetchProfiles();
    auth().update({ profiles, isMultiProfileUser, profilesLoading: false });
  } catch (error) {
    reportError(error, { where: 'profiles' });
    auth().update({ profilesLoading: false });
  }
}

/** Saves profile fields; the answer merges into the user and clears loading/updating/error. */
/**
 * Saves the acting profile's details. A new number of the account holder is not saved here: a code goes
 * to it (`codeSent` says so), and the number is the person's once that code is entered on the account page.
 */
export async function saveProfile(
  changes: Record<string, unknown>,
): Promise<{ ok: true; codeSent?: string } | { ok: false; error: string; cause: unknown }> {
  auth().update({ updatingProfile: true, error: null });
  try {
    const { user, codeSent } = await updateProfileInfo(changes);
    auth().updateProfile(user as Partial<AuthUser>);
    return codeSent ? { ok: true, codeSent } : { ok: true };
  } catch (error) {
    const message = serverErrorMessage(error) ?? 'Could not update the profile. Please try again.';
    auth().update({ updatingProfile: false, error: message });
    return { ok: false, error: message, cause: error };
  }
}

/** Act as one of my profiles: its token goes to `secondary_token`, sent on every request after. */
export async function switchProfile(uuid: string): Promise<boolean> {
  try {
    const { user, secondaryToken } = await startProfileSession(uuid);
    if (secondaryToken) storageSet(SECONDARY_TOKEN_KEY, secondaryToken);
    else storageRemove(SECONDARY_TOKEN_KEY); // switching back to the primary profile
    // Named before the switch is announced, so whatever refreshes on it already sees whose account this is.
    rememberActingProfile(secondaryToken ? user : null);
    eventBus.emit('profile:switch', { profileId: user.uuid });
    eventBus.emit('profile:event', { name: 'switch_profile', profileId: user.uuid });
    return true;
  } catch (error) {
    reportError(error, { where: 'switch profile', uuid });
    return false;
  }
}

/** DELETE profile session: back to the primary profile. */
export async function endProfileSession(): Promise<void> {
  try {
    await deleteProfileSession();
  } catch (error) {
    reportError(error, { where: 'profile session delete' });
  }
  storageRemove(SECONDARY_TOKEN_KEY);
  rememberActingProfile(null);
  const primary = auth().user;
  if (primary) {
    eventBus.emit('profile:switch', { profileId: primary.uuid });
    eventBus.emit('profile:event', { name: 'switch_profile', profileId: primary.uuid });
  }
}
