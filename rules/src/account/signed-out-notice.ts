// Why a tab was signed out without the person acting in it, said on the page it lands on (it used to land
// on the landing page without a word). The cause is what the tab learned: the api refused its session as
// logged out on this device (a log-out in another tab, on the company site or "everywhere"), another tab
// of this site logged out, or the session ran out.

export type SignedOutCause = 'elsewhere' | 'expired';

/** The cause of a refused session: 403 with is_device_logged_out is a log-out elsewhere; a 401 an ended session. */
export function signedOutCause(status: number): SignedOutCause {
  return status === 403 ? 'elsewhere' : 'expired';
}

export function signedOutNoticeText(cause: SignedOutCause): string {
  switch (cause) {
    case 'elsewhere':
      return 'You were signed out in another tab or window. Log in again to carry on.';
    case 'expired':
      return 'Your session has ended. Log in again to carry on.';
  }
}

/** A stored cause, read back; anything else is no notice. */
export function parseSignedOutCause(raw: string | null): SignedOutCause | null {
  return raw === 'elsewhere' || raw === 'expired' ? raw : null;
}
