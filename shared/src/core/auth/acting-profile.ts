// Whose account the pages act in: the secondary profile a stored token acts for, kept beside that token so
// the header names the right person from the first paint after a reload, not only after a switch. Read here
// at sign-in; written by a switch, in the sign-in entry (@haven/shared/auth-flows, acting-profile.ts).
import type { Profile } from '../state/types';
import { ACTING_PROFILE_KEY, SECONDARY_TOKEN_KEY, storageGet } from '../platform/storage-keys';

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
