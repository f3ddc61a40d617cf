// Facebook sign-in behind an adapter, like Google's: production (with an app id in the runtime config)
// loads the Facebook JS SDK on the first click and opens its login dialog; every other stage asks the
// api's development Facebook issuer for an access token, so the whole flow runs locally.
import { type Answer, apiClient } from '@haven/shared';
import { loadScriptOnce } from './load-script';

export const FACEBOOK_JS_SDK = 'https://connect.facebook.net/en_US/sdk.js';
export const FACEBOOK_GRAPH_VERSION = 'v19.0';

export interface FacebookIdentity {
  readonly kind: 'facebook' | 'development';
  /** The access token FB.login answers (the api inspects it with Facebook). */
  requestAccessToken(options?: { loginHint?: string }): Promise<string>;
}

/** The Facebook JS SDK calls used (https://developers.facebook.com/docs/javascript/reference). */
interface FacebookSdk {
  init(options: { appId: string; version: string; xfbml: boolean; cookie: boolean }): void;
  login(callback: (response: { status: string; authResponse?: { accessToken?: string } | null }) => void, options: { scope: string }): void;
}
declare global {
  interface Window {
    FB?: FacebookSdk;
  }
}

let initialisedFor: string | null = null;

function productionIdentity(appId: string): FacebookIdentity {
  return {
    kind: 'facebook',
    async requestAccessToken() {
      await loadScriptOnce(FACEBOOK_JS_SDK);
      const fb = window.FB;
      if (!fb) throw new Error('Facebook SDK loaded without FB');
      if (initialisedFor !== appId) {
        fb.init({ appId, version: FACEBOOK_GRAPH_VERSION, xfbml: false, cookie: false });
        initialisedFor = appId;
      }
      return new Promise<string>((resolve, reject) => {
        fb.login(
          (response) => {
            const token = response.authResponse?.accessToken;
            if (response.status === 'connected' && token) resolve(token);
            else reject(new Error(`Facebook login ended: ${response.status}`));
          },
          { scope: 'public_profile,email' },
        );
      });
    },
  };
}

function developmentIdentity(): FacebookIdentity {
  return {
    kind: 'development',
    async requestAccessToken({ loginHint } = {}) {
      if (!loginHint) throw new Error('The development Facebook issuer needs the e-mail of the account to sign in as');
      const { data } = await apiClient.get<Answer<'/dev/facebook_token', 'get'>>('/dev/facebook_token', { params: { email: loginHint } });
      return data.access_token;
    },
  };
}

/** Production with an app id → Facebook; anything else → the api's development issuer. */
export function createFacebookIdentity({ stage, appId }: { stage: string; appId?: string | null }): FacebookIdentity {
  return stage === 'production' && appId ? productionIdentity(appId) : developmentIdentity();
}
