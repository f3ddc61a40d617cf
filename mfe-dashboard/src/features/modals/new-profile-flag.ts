// Product rules, Profiles and members: "New-profile modal and tooltip: shown until the flag is cleared by a call setting status
// false, recorded locally as 'false'. The flag is read locally first, and from the server only if the
// local value is not 'false'."
import { reportError } from '@haven/shared';
import { clearNewProfileFlag, getNewProfileFlag, type NewProfileKey } from './api/modal-calls';

export const NEW_PROFILE_CLEARED = 'false';

export async function isNewProfileFlagSet(key: NewProfileKey): Promise<boolean> {
  if (window.localStorage.getItem(key) === NEW_PROFILE_CLEARED) return false;
  try {
    const status = await getNewProfileFlag(key);
    if (!status) window.localStorage.setItem(key, NEW_PROFILE_CLEARED);
    return status;
  } catch (error) {
    reportError(error, { where: 'new-profile flag', key });
    return false;
  }
}

export async function clearNewProfile(key: NewProfileKey): Promise<void> {
  await clearNewProfileFlag(key);
  window.localStorage.setItem(key, NEW_PROFILE_CLEARED);
}
