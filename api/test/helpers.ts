// Test helpers: plain fetch over HTTP to the file's test server (support/server.ts), sign-ins, codes.
import { before } from 'node:test';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { databaseOf, serverPerFile } from './support/server.js';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.js';

/**
 * `p`, or a failure naming `what` after `ms`. The timer is cleared once `p` settles: a timer left pending
 * keeps the test file's process alive until it fires (a 60 s one held a file a minute after its last test).
 */
export async function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export interface Session {
  headers: Record<string, string>;
  user: Record<string, unknown>;
}
export interface Res<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export { boot, freshPostgres, serverPerFile, type RealtimeTestServer, type TestServer } from './support/server.js';
export { savedDatabase } from './support/databases.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function call<T = any>(
  url: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {},
): Promise<Res<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...(init.headers ?? {}) };
  let body: string | undefined;
  if (init.raw !== undefined) body = init.raw;
  else if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['content-type'] ??= 'application/json';
  }
  const r = await fetch(url, { method: init.method ?? (body !== undefined ? 'POST' : 'GET'), headers, body });
  const text = await r.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: r.status, body: parsed as T, headers: r.headers };
}

export function credsFrom(h: Headers): Record<string, string> {
  return { 'access-token': h.get('access-token') ?? '', client: h.get('client') ?? '', uid: h.get('uid') ?? '' };
}

export async function signIn(api: string, email: string, password = DEMO_PASSWORD): Promise<Session> {
  const r = await call(`${api}/auth/sign_in`, { body: { email, password } });
  if (r.status !== 200) throw new Error(`sign in ${email}: ${r.status} ${JSON.stringify(r.body)}`);
  return { headers: credsFrom(r.headers), user: r.body.data };
}

/** Calls as a session, adopting rotated credentials like the web client does. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function as<T = any>(
  s: Session,
  url: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {},
): Promise<Res<T>> {
  const r = await call<T>(url, { ...init, headers: { ...s.headers, ...(init.headers ?? {}) } });
  if (r.headers.get('access-token')) s.headers = credsFrom(r.headers);
  return r;
}

/** Asserts a 4xx JSON error body naming the problem. */
export function isClientError(r: Res, status?: number, includes?: string | RegExp): string | null {
  const b = r.body as { message?: unknown; errors?: unknown; success?: unknown };
  if (r.status < 400 || r.status >= 500) return `expected 4xx, got ${r.status}: ${JSON.stringify(r.body)}`;
  if (status && r.status !== status) return `expected ${status}, got ${r.status}: ${JSON.stringify(r.body)}`;
  if (typeof b?.message !== 'string' || !Array.isArray(b.errors) || b.success !== false)
    return `not an error body: ${JSON.stringify(r.body)}`;
  if (includes && !(typeof includes === 'string' ? b.message.includes(includes) : includes.test(b.message)))
    return `message "${b.message}" does not match ${includes}`;
  return null;
}

/** The development outbox for `to` once something arrived (reset e-mails are written just after the answer). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function waitForOutbox(api: string, to: string, channel?: string, atLeast = 1): Promise<Res<any>> {
  const url = `${api}/dev/outbox?to=${encodeURIComponent(to)}${channel ? `&channel=${channel}` : ''}`;
  for (let i = 0; i < 50; i++) {
    const r = await call(url);
    if ((r.body?.data?.length ?? 0) >= atLeast) return r;
    await new Promise((ok) => setTimeout(ok, 20));
  }
  throw new Error(`fewer than ${atLeast} messages in the outbox for ${to}`);
}

/** The partner-proof header of an organisation, from its current one-time code (as the partner page does). */
export async function partnerProofFor(api: string, org: string): Promise<Record<string, string>> {
  const { code } = (await call(`${api}/dev/totp?id=${org}`)).body as { code: string };
  const r = await call(`${api}/customers/organisations_integration/${org}/verify_totp_code`, { body: { code } });
  if (r.status !== 200) throw new Error(`partner code ${org}: ${r.status} ${JSON.stringify(r.body)}`);
  return { 'partner-proof': (r.body as { partner_proof: string }).partner_proof };
}

/** One api for the test file, with the demo patient and a second patient (for another user's 404s) signed in. */
export function withPatientAndStranger(use: (w: { api: string; patient: Session; stranger: Session }) => void): void {
  const server = serverPerFile();
  before(async () => {
    const { api } = await server();
    use({ api, patient: await signIn(api, 'patient@haven.test'), stranger: await signIn(api, 'intl@haven.test') });
  });
}

/** The sign-up code for `email`: sent by POST /otp/send (channel email), read from the development outbox. */
export async function signUpCode(api: string, email: string, headers?: Record<string, string>): Promise<string> {
  const sent = await call(`${api}/otp/send`, { body: { channel: 'email', email }, headers });
  if (sent.status !== 200) throw new Error(`sign-up code for ${email}: ${sent.status} ${JSON.stringify(sent.body)}`);
  const to = email.trim().toLowerCase();
  return (await waitForOutbox(api, to, 'email')).body.data[0].code as string;
}

/** POST /auth (sign-up) with the code just sent to the body's e-mail, as the sign-up page does. */
export async function signUpWithCode(
  api: string,
  body: { email: string } & Record<string, unknown>,
  headers?: Record<string, string>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- free-form JSON, as call answers it
): Promise<Res<any>> {
  const r = await call(`${api}/auth`, { body: { ...body, code: await signUpCode(api, body.email, headers) }, headers });
  // The suites send the new account's e-mail its next code at once; the per-destination send limit has
  // its own tests, so the sign-up code's send does not count here.
  await databaseOf(api)?.query(`DELETE FROM rate_events WHERE bucket = 'otp_send_destination' AND key = $1`, [
    `email:${body.email.trim().toLowerCase()}`,
  ]);
  return r;
}

let freshSeq = 0;
/** A patient account of the test's own (sign-up with e-mail and password, first name Asha), signed in. */
export async function freshPatient(api: string, prefix = 'fresh'): Promise<Session & { email: string }> {
  const email = `${prefix}-${process.pid}-${++freshSeq}@haven.test`;
  const r = await signUpWithCode(api, {
    email,
    password: DEMO_PASSWORD,
    password_confirmation: DEMO_PASSWORD,
    first_name: 'Asha',
    last_name: 'Rao',
  });
  if (r.status !== 200) throw new Error(`sign up ${email}: ${r.status} ${JSON.stringify(r.body)}`);
  return { ...(await signIn(api, email)), email };
}

/**
 * A patient account of the test's own made through Google sign-in (no password to hash), signed in: cheap
 * enough for a burst of fifty people at once.
 */
export async function googlePatient(api: string, prefix = 'google'): Promise<Session & { email: string }> {
  const email = `${prefix}-${process.pid}-${++freshSeq}@haven.test`;
  const r = await call(`${api}/customers/google_sign_in`, { body: { credential: await googleCredential(api, email) } });
  if (r.status !== 200) throw new Error(`Google sign-in ${email}: ${r.status} ${JSON.stringify(r.body)}`);
  return { headers: credsFrom(r.headers), user: r.body.data, email };
}

/** A development Google ID token for `email`, carrying a fresh nonce from the api (as the web client gets one). */
export async function googleCredential(api: string, email: string, extra: Record<string, string> = {}): Promise<string> {
  const { nonce } = (await call(`${api}/customers/google_nonce`, { method: 'POST' })).body as { nonce: string };
  const q = new URLSearchParams({ email, nonce, ...extra });
  return ((await call(`${api}/dev/google_credential?${q}`)).body as { credential: string }).credential;
}

// ---- stand-ins for identity providers (local servers on 127.0.0.1) ----

/** A local HTTP server on 127.0.0.1 (a free port): its origin, and how to close it. */
export interface LocalServer {
  origin: string;
  close: () => Promise<void>;
}
export async function localServer(handler: RequestListener): Promise<LocalServer> {
  const server = createServer(handler);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/** A signing key as an identity provider holds one (RS256), named by its key id. */
export interface ProviderKey {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  kid: string;
}
export const providerKey = async (kid: string): Promise<ProviderKey> => ({
  ...(await generateKeyPair('RS256', { extractable: true })),
  kid,
});

/**
 * A provider's published key set (JWKS) stand-in: every path answers the public half of `key`, except
 * the provider out of reach: under /fails-500/ it answers 500, under /hangs-up/ it drops the connection.
 */
export async function localKeyServer(key: ProviderKey): Promise<LocalServer> {
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(key.publicKey)), kid: key.kid, alg: 'RS256', use: 'sig' }] });
  return localServer((req, res) => {
    if (req.url?.startsWith('/hangs-up/')) return void req.socket.destroy();
    // A 200 that is no key set: a proxy's page, or JSON without keys.
    if (req.url?.startsWith('/html-200/')) return void res.setHeader('content-type', 'text/html').end('<html>Service unavailable</html>');
    if (req.url?.startsWith('/no-keys-200/')) return void res.setHeader('content-type', 'application/json').end('{}');
    res.statusCode = req.url?.startsWith('/fails-500/') ? 500 : 200;
    res.setHeader('content-type', 'application/json');
    res.end(res.statusCode === 200 ? jwks : '{"error":"internal"}');
  });
}

/** An origin on 127.0.0.1 where nothing listens (a server that was closed): every connection is refused. */
export async function closedOrigin(): Promise<string> {
  const s = await localServer((_req, res) => res.end());
  await s.close();
  return s.origin;
}
