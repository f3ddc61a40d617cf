// The account's people for the header's switch, loaded when the switch is opened before any page loaded
// them: never on the first paint's path, and once per signed-in person and page.
import { requireSignInEntry } from '../../auth/load-auth-flows';
import { reportError } from '../../reporting/report-error';
import { havenStore } from '../../state/store';

let askedFor: string | null = null;

/**
 * Loads the profile list unless it is loaded, loading, or was already asked for this person (`again`: the
 * switch was opened, so a failed load is tried once more). Loading shows at once (profilesLoading).
 */
export function loadPeopleOnce(again = false): void {
  const auth = havenStore.getState().auth;
  const who = auth.user ? String(auth.user.uuid ?? auth.user.id) : null;
  if (!who || auth.profiles.length > 0 || auth.profilesLoading || (askedFor === who && !again)) return;
  askedFor = who;
  auth.update({ profilesLoading: true });
  requireSignInEntry()
    .then((entry) => entry.loadProfiles())
    .catch((error: unknown) => {
      reportError(error, { where: 'header people' });
      havenStore.getState().auth.update({ profilesLoading: false });
    });
}

/** Test hook: nobody asked for yet. */
export function resetPeopleForTests(): void {
  askedFor = null;
}
