// Sign in with Apple behind an adapter, like Google's: production (with a Services ID in the runtime
// config) loads Apple's JS SDK on the first click and opens its popup; every other stage asks the api's
// development Apple issuer for an ID token signed as Apple signs them, so the whole flow runs locally.
import { type Answer, apiClient } from '@haven/shared';
import { loadScriptOnce } from './load-script';

export const APPLE_JS_SDK = 'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js';

/**
 * What the api's Apple sign-in takes: Apple gives the name to the client only, the first time. `nonce`
 * is this sign-in's own: Apple puts it in the token and the api takes each once.
 */
export interface AppleProof {
  id_token: string;
  nonce: string;
  first_name?: string;
  last_name?: string;
}

export interface AppleIdentity {
  readonly kind: 'apple' | 'development';
  requestProof(options?: { loginHint?: string }): Promise<AppleProof>;
}

/** The Sign in with Apple JS calls used (https://developer.apple.com/documentation/signinwithapplejs). */
interface AppleIdAuth {
  init(options: { clientId: string; scope: string; redirectURI: string; state: string; nonce?: string; usePopup: boolean }): void;
  signIn(): Promise<{
    authorization: { id_token: string; code: string; state?: string };
    user?: { name?: { firstName?: string; lastName?: string } };
  }>;
}
declare global {
  interface Window {
    AppleID?: { auth: AppleIdAuth };
  }
}

const randomState = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

function productionIdentity(clientId: string, redirectURI: string): AppleIdentity {
  return {
    kind: 'apple',
    async requestProof() {
      await loadScriptOnce(APPLE_JS_SDK);
      const auth = window.AppleID?.auth;
      if (!auth) throw new Error('Apple JS loaded without AppleID.auth');
      const state = randomState();
      const nonce = randomState();
      auth.init({ clientId, scope: 'name email', redirectURI, state, nonce, usePopup: true });
      const answer = await auth.signIn();
      if (answer.authorization.state !== state) throw new Error('Apple answered another sign-in (state)');
      const name = answer.user?.name;
      return {
        id_token: answer.authorization.id_token,
        nonce,
        ...(name?.firstName ? { first_name: name.firstName } : {}),
        ...(name?.lastName ? { last_name: name.lastName } : {}),
      };
    },
  };
}

function developmentIdentity(): AppleIdentity {
  return {
    kind: 'development',
    async requestProof({ loginHint } = {}) {
      if (!loginHint) throw new Error('The development Apple issuer needs the e-mail of the account to sign in as');
      const nonce = randomState();
      const { data } = await apiClient.get<Answer<'/dev/apple_credential', 'get'>>('/dev/apple_credential', {
        params: { email: loginHint, nonce },
      });
      return { id_token: data.id_token, nonce };
    },
  };
}

/** Production with a Services ID → Apple; anything else → the api's development issuer. */
export function createAppleIdentity({
  stage,
  clientId,
  siteBaseUrl,
}: {
  stage: string;
  clientId?: string | null;
  siteBaseUrl: string;
}): AppleIdentity {
  return stage === 'production' && clientId ? productionIdentity(clientId, `${siteBaseUrl}/auth/log-in/`) : developmentIdentity();
}
