// The account's people for the header's switch, loaded when the switch's list is opened and no page has
// loaded them: never on the first paint's path.
import { requireSignInEntry } from '../../auth/load-auth-flows';
import { reportError } from '../../reporting/report-error';
import { havenStore } from '../../state/store';

/**
 * Loads the profile list unless nobody is signed in or it is loaded or loading (the list shows loading at once:
 * profilesLoading). A failed load ends loading, so opening the list again tries again.
 */
export function loadPeople(): void {
  const auth = havenStore.getState().auth;
  if (!auth.user || auth.profiles.length > 0 || auth.profilesLoading) return;
  auth.update({ profilesLoading: true });
  requireSignInEntry()
    .then((entry) => entry.loadProfiles())
    .catch((error: unknown) => {
      reportError(error, { where: 'header people' });
      havenStore.getState().auth.update({ profilesLoading: false });
    });
}
