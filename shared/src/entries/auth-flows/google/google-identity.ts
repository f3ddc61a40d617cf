// Google sign-in behind an adapter (DESIGN.md "Integrations that cannot be reached from here"):
// with a Google client id in the runtime config (production) the Google Identity Services script loads, whose
// sign-in prompt answers an ID token signed by Google (button and one-tap alike); without one the client asks
// the api (GET /dev/google_credential) for one, so the whole flow — nonce → credential → POST google sign-in → session — runs locally (the development
// stage's api answers its development issuer's token; the test stage's signs as Google does, with the
// key set it serves in Google's place). Each sign-in first asks the api for a nonce, which the token must carry.
// In `@haven/shared/auth-flows`: the root's things come through '@haven/shared' (see login-methods.ts).
import { apiClient } from '@haven/shared';
import type { Answer, GoogleCredentialResponse, GoogleIdentity } from '@haven/shared';
import { googleNonce } from '../api/google-calls';

export const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client';

/** What Google's prompt says about itself (https://developers.google.com/identity/gsi/web/reference/js-reference). */
export interface PromptMoment {
  isNotDisplayed(): boolean;
  getNotDisplayedReason(): string;
  isSkippedMoment(): boolean;
  getSkippedReason(): string;
}

/** The few Google Identity Services calls used. */
interface GoogleAccounts {
  id: {
    initialize(options: {
      client_id: string;
      nonce: string;
      login_hint?: string;
      callback: (r: { credential: string; select_by?: string }) => void;
      cancel_on_tap_outside?: boolean;
    }): void;
    prompt(listener?: (moment: PromptMoment) => void): void;
    cancel(): void;
  };
}

declare global {
  interface Window {
    google?: { accounts?: GoogleAccounts };
  }
}

let scriptLoading: Promise<GoogleAccounts> | null = null;

export function loadGoogleIdentityScript(doc: Document = document): Promise<GoogleAccounts> {
  scriptLoading ??= new Promise<GoogleAccounts>((resolve, reject) => {
    if (window.google?.accounts) {
      resolve(window.google.accounts);
      return;
    }
    const script = doc.createElement('script');
    script.src = GOOGLE_IDENTITY_SCRIPT;
    script.async = true;
    script.defer = true;
    script.onload = () =>
      window.google?.accounts
        ? resolve(window.google.accounts)
        : reject(new Error('Google Identity script loaded without google.accounts'));
    script.onerror = () => reject(new Error('Google Identity script failed to load'));
    doc.head.appendChild(script);
  }).catch((error: unknown) => {
    scriptLoading = null;
    throw error;
  });
  return scriptLoading;
}

/** Google's prompt with a fresh api nonce; `onMissed` hears when it was not shown or the person skipped it. */
async function promptGoogle(
  clientId: string,
  onCredential: (response: GoogleCredentialResponse) => void,
  onMissed: (reason: string) => void,
  loginHint?: string,
): Promise<void> {
  const [accounts, nonce] = await Promise.all([loadGoogleIdentityScript(), googleNonce()]);
  accounts.id.initialize({
    client_id: clientId,
    nonce,
    ...(loginHint ? { login_hint: loginHint } : {}),
    cancel_on_tap_outside: true,
    callback: (r) => onCredential({ credential: r.credential, select_by: r.select_by }),
  });
  accounts.id.prompt((moment) => {
    if (moment.isNotDisplayed()) onMissed(moment.getNotDisplayedReason());
    else if (moment.isSkippedMoment()) onMissed(moment.getSkippedReason());
  });
}

function productionIdentity(clientId: string): GoogleIdentity {
  return {
    kind: 'google',
    requestCredential({ loginHint } = {}) {
      return new Promise<GoogleCredentialResponse>((resolve, reject) => {
        const missed = (reason: string) => reject(new Error(`Google sign-in was not completed: ${reason}`));
        promptGoogle(clientId, resolve, missed, loginHint).catch(reject);
      });
    },
    async promptOneTap(onCredential) {
      // One-tap not shown or dismissed is normal: nothing to report.
      await promptGoogle(clientId, onCredential, () => {});
    },
    cancelOneTap() {
      window.google?.accounts?.id.cancel();
    },
  };
}

function developmentIdentity(): GoogleIdentity {
  return {
    kind: 'development',
    async requestCredential({ loginHint } = {}) {
      if (!loginHint) throw new Error('The development Google issuer needs the e-mail of the account to sign in as');
      const nonce = await googleNonce();
      const { data } = await apiClient.get<Answer<'/dev/google_credential', 'get'>>('/dev/google_credential', {
        params: { email: loginHint, nonce },
      });
      return { credential: data.credential, select_by: 'btn' };
    },
    async promptOneTap() {
      // No one-tap surface locally: the button path covers the flow.
    },
    cancelOneTap() {},
  };
}

/**
 * Google's script wherever the runtime config names our Google client id (production, or a test deployment
 * that names the test client id); without one, the api's stand-in (development names none).
 */
export function createGoogleIdentity({ clientId }: { clientId?: string | null }): GoogleIdentity {
  return clientId ? productionIdentity(clientId) : developmentIdentity();
}
