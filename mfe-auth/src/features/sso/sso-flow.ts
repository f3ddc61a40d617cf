// The OpenID Connect round trip with the employer's identity provider: authorization code with PKCE
// (S256), state and nonce, through oauth4webapi, loaded only when someone uses it. The web client is a
// public client: the verifier, state and nonce wait in session storage (this tab, this visit) while the
// provider's page is open; the callback exchanges the code and hands the ID token to the SSO base,
// which checks its signature, issuer, audience and expiry before signing in.
import { getRuntimeConfig } from '@haven/shared';
import type { SsoConnection } from './sso-calls';

export const SSO_CALLBACK_PATH = '/auth/sso/callback';
export const SSO_PENDING_KEY = 'sso_pending';
const SCOPE = 'openid email profile';

interface Pending {
  connection: string;
  issuer: string;
  clientId: string;
  verifier: string;
  state: string;
  nonce: string;
  redirectPath: string | null;
}

const redirectUri = () => `${window.location.origin}${SSO_CALLBACK_PATH}`;
/** Plain http is only for the development provider; production providers must use https. */
const requestOptions = async () => {
  const oauth = await import('oauth4webapi');
  return { oauth, options: { [oauth.allowInsecureRequests]: getRuntimeConfig().stage !== 'production' } };
};

async function discover(issuerText: string) {
  const { oauth, options } = await requestOptions();
  const issuer = new URL(issuerText);
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oidc', ...options }));
  return { oauth, options, as };
}

/** Sends the browser to the company's sign-in page. */
export async function startSsoSignIn(
  connection: SsoConnection,
  { loginHint, redirectPath }: { loginHint: string; redirectPath: string | null },
): Promise<void> {
  const { oauth, as } = await discover(connection.issuer);
  if (!as.authorization_endpoint) throw new Error(`${connection.issuer} names no authorization endpoint`);
  const verifier = oauth.generateRandomCodeVerifier();
  const pending: Pending = {
    connection: connection.connection,
    issuer: connection.issuer,
    clientId: connection.client_id,
    verifier,
    state: oauth.generateRandomState(),
    nonce: oauth.generateRandomNonce(),
    redirectPath,
  };
  sessionStorage.setItem(SSO_PENDING_KEY, JSON.stringify(pending));
  const url = new URL(as.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: pending.clientId,
    redirect_uri: redirectUri(),
    response_type: 'code',
    scope: SCOPE,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: pending.state,
    nonce: pending.nonce,
    login_hint: loginHint,
  }).toString();
  window.location.assign(url.toString());
}

function takePending(): Pending | null {
  const raw = sessionStorage.getItem(SSO_PENDING_KEY);
  sessionStorage.removeItem(SSO_PENDING_KEY); // one callback per round trip
  if (!raw) return null;
  try {
    const p = JSON.parse(raw) as Partial<Pending>;
    return p.connection && p.issuer && p.clientId && p.verifier && p.state && p.nonce ? (p as Pending) : null;
  } catch {
    return null;
  }
}

export class SsoCallbackError extends Error {}

/** The callback's code exchanged (PKCE) for an ID token whose claims, nonce included, check out. */
export async function completeSsoCallback(
  callbackUrl: URL,
): Promise<{ connection: string; idToken: string; nonce: string; redirectPath: string | null }> {
  const pending = takePending();
  if (!pending) throw new SsoCallbackError('No company sign-in was started in this tab');
  const { oauth, options, as } = await discover(pending.issuer);
  const client = { client_id: pending.clientId };
  const params = oauth.validateAuthResponse(as, client, callbackUrl, pending.state);
  const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, redirectUri(), pending.verifier, options);
  const result = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: pending.nonce, requireIdToken: true });
  if (!result.id_token) throw new SsoCallbackError('The company sign-in answered without an ID token');
  return { connection: pending.connection, idToken: result.id_token, nonce: pending.nonce, redirectPath: pending.redirectPath };
}
