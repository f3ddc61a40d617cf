// Spec §4 profile update and multi-profile users (§3 "Profiles response"): the profile list
// (meta.is_multi_profile_user), switching profile with the secondary-profile token, and ending the
// profile session.
import { eventBus } from '../events/event-bus';
import { reportError } from '../reporting/report-error';
import { havenStore } from '../state/store';
import type { AuthUser } from '../state/types';
import { deleteProfileSession, fetchProfiles, startProfileSession, updateProfileInfo } from './api/profile-calls';
import { serverErrorMessage } from './api/error-message';
import { SECONDARY_TOKEN_KEY, storageRemove, storageSet } from './storage-keys';

const auth = () => havenStore.getState().auth;

/** Profiles fail silently (spec §8): the list stays as it was. */
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
export async function saveProfile(changes: Record<string, unknown>): Promise<{ ok: true } | { ok: false; error: string; cause: unknown }> {
  auth().update({ updatingProfile: true, error: null });
  try {
    const user = await updateProfileInfo(changes);
    auth().updateProfile(user as Partial<AuthUser>);
    return { ok: true };
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
  const primary = auth().user;
  if (primary) {
    eventBus.emit('profile:switch', { profileId: primary.uuid });
    eventBus.emit('profile:event', { name: 'switch_profile', profileId: primary.uuid });
  }
}
