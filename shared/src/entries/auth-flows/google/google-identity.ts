// Google sign-in behind an adapter (DESIGN.md "Integrations that cannot be reached from here"):
// production loads the Google Identity Services script and uses its token client (popup) and one-tap
// prompt; every other stage asks the api's development issuer (GET /dev/google_credential) for a
// credential, so the whole flow — credential → POST google sign-in → session — runs locally.
// In `@haven/shared/auth-flows`: the root's things come through '@haven/shared' (see login-methods.ts).
import { apiClient } from '@haven/shared';
import type { GoogleCredentialResponse, GoogleIdentity } from '@haven/shared';

export const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client';
export const GOOGLE_SCOPES = 'openid email profile';

/** The few Google Identity Services calls used (https://developers.google.com/identity/gsi/web/reference/js-reference). */
interface GoogleAccounts {
  id: {
    initialize(options: {
      client_id: string;
      callback: (r: { credential: string; select_by?: string }) => void;
      cancel_on_tap_outside?: boolean;
    }): void;
    prompt(): void;
    cancel(): void;
  };
  oauth2: {
    initTokenClient(options: {
      client_id: string;
      scope: string;
      login_hint?: string;
      callback: (r: { access_token?: string; scope?: string; token_type?: string; expires_in?: number | string; error?: string }) => void;
      error_callback?: (error: { type: string; message?: string }) => void;
    }): { requestAccessToken(): void };
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

function productionIdentity(clientId: string): GoogleIdentity {
  return {
    kind: 'google',
    async requestCredential({ loginHint } = {}) {
      const accounts = await loadGoogleIdentityScript();
      return new Promise<GoogleCredentialResponse>((resolve, reject) => {
        const client = accounts.oauth2.initTokenClient({
          client_id: clientId,
          scope: GOOGLE_SCOPES,
          ...(loginHint ? { login_hint: loginHint } : {}),
          callback: (r) => {
            if (r.error || !r.access_token) reject(new Error(r.error ?? 'Google answered without an access token'));
            else
              resolve({
                access_token: r.access_token,
                scope: r.scope,
                token_type: r.token_type,
                expires_in: r.expires_in === undefined ? undefined : String(r.expires_in),
              });
          },
          error_callback: (e) => reject(new Error(e.message ?? e.type)),
        });
        client.requestAccessToken();
      });
    },
    async promptOneTap(onCredential) {
      const accounts = await loadGoogleIdentityScript();
      accounts.id.initialize({
        client_id: clientId,
        cancel_on_tap_outside: true,
        callback: (r) => onCredential({ credential: r.credential, select_by: r.select_by }),
      });
      accounts.id.prompt();
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
      const { data } = await apiClient.get<{ credential: string }>('/dev/google_credential', { params: { email: loginHint } });
      return { credential: data.credential, select_by: 'btn' };
    },
    async promptOneTap() {
      // No one-tap surface locally: the button path covers the flow.
    },
    cancelOneTap() {},
  };
}

/** Production with a client id → Google; anything else → the api's development issuer. */
export function createGoogleIdentity({ stage, clientId }: { stage: string; clientId?: string | null }): GoogleIdentity {
  return stage === 'production' && clientId ? productionIdentity(clientId) : developmentIdentity();
}
