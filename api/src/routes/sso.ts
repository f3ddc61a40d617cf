// Employer SSO on its own base (product rules, Calls to the api: "one SSO goes to a separate base"; the web client reads it
// from the runtime config as ssoBaseUrl): the SSO domain check and the SSO sign-in with the ID token
// the company's OpenID provider issued (authorization code + PKCE, done by the web client). Outside
// production, the development OpenID provider of the demo organisations lives here too.
import { createHash, timingSafeEqual } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { HttpError, notFound, unprocessable, type App } from '../core/http.js';
import { socialConfigs } from '../core/config.js';
import { limitsOf } from '../core/limits.js';
import { isAllowedOrigin } from '../core/origins.js';
import { ErrorBody, User } from '../core/schemas.js';
import {
  acceptIdTokenOnce,
  connectionKeys,
  connectionKeySource,
  developmentKey,
  devSsoIssuer,
  Jwks,
  randomToken,
  signDevelopmentIdToken,
  signInWithIdentity,
  ssoConnection,
  ssoConnectionForDomains,
  ssoSubject,
  verifyIdToken,
  countsAsFailedAttempt,
} from '../identity/index.js';
import { DEMO_PASSWORD, DEV_SSO_ORGANISATIONS } from '../seed/index.js';
import { domainCandidates, emailBelongsToDomain, ssoDomainToCheck } from '@haven/rules';

export const SSO_LOGIN_FAILED = "Company sign-in failed, please contact your company's IT team or our support team";
/** The path of the web client's callback (mfe-auth); the development provider sends codes only there. */
export const SSO_CALLBACK_PATH = '/auth/sso/callback';

const DomainAnswer = Type.Object({
  sso: Type.Boolean(),
  connection: Type.Optional(Type.String({ description: 'the connection to sign in through' })),
  organisation_name: Type.Optional(Type.String()),
  issuer: Type.Optional(Type.String({ description: 'the OpenID provider (discovery at issuer + /.well-known/openid-configuration)' })),
  client_id: Type.Optional(Type.String()),
});

export async function ssoRoutes(app: App) {
  const { ctx } = app;
  const db = ctx.db;
  const limits = limitsOf(ctx);
  const tags = ['sso'];
  const ssoConfig = ctx.sso ?? socialConfigs(ctx.stage, process.env).sso;

  app.get(
    '/domain_check',
    {
      schema: {
        tags,
        summary:
          "SSO domain check: does the e-mail's domain sign in through a company identity provider. Answers for the domain only, never whether an account exists",
        querystring: Type.Object({ email: Type.String({ minLength: 3, maxLength: 254 }) }),
        response: { 200: DomainAnswer },
      },
    },
    async (req) => {
      await limits.take('sso_domain_check_address', req.ip);
      const domain = ssoDomainToCheck(req.query.email);
      if (!domain) return { sso: false };
      const c = await ssoConnectionForDomains(db, domainCandidates(domain));
      // A connection whose tokens this stage would refuse (a development provider in production) is offered to no one.
      if (!c || connectionKeySource(c, ssoConfig) === null) return { sso: false };
      return { sso: true, connection: c.uuid, organisation_name: c.organisation_name, issuer: c.issuer, client_id: c.client_id };
    },
  );

  app.post(
    '/sign_in',
    {
      schema: {
        tags,
        summary:
          "SSO sign-in with the ID token of the connection's provider (signature, issuer, audience = our client id there, expiry, the nonce of this sign-in, first use, and an e-mail of the connection's domain); signs in to the account linked to that person (issuer + subject), or a new one; 409 link_required when an account already holds the e-mail (POST /api/v1/customers/link_identity); 503 provider_unreachable when the provider's key set cannot be reached",
        body: Type.Object({
          connection: Type.String({ format: 'uuid' }),
          id_token: Type.String({ minLength: 1, maxLength: 8000 }),
          nonce: Type.String({
            minLength: 8,
            maxLength: 200,
            description: 'the nonce the client sent to the provider for this sign-in (single-use)',
          }),
          device_info: Type.Optional(Type.Unknown()),
        }),
        response: { 200: Type.Object({ data: User }), 503: ErrorBody },
      },
    },
    async (req, reply) => {
      const { c, claims, email } = await limits.attempt(
        [['sso_sign_in_failed_address', req.ip]],
        async () => {
          const conn = await ssoConnection(db, req.body.connection);
          const keys = conn ? await connectionKeys(conn, ssoConfig) : null;
          const cl = conn && keys ? await verifyIdToken(req.body.id_token, { issuer: conn.issuer, audience: conn.client_id, keys }) : null;
          const e = typeof cl?.email === 'string' ? cl.email.trim().toLowerCase() : '';
          const ok =
            cl &&
            conn &&
            typeof cl.sub === 'string' &&
            emailBelongsToDomain(e, conn.domain) &&
            cl.email_verified !== false &&
            (await acceptIdTokenOnce(db, req.body.id_token, cl, req.body.nonce));
          if (!ok) throw unprocessable(SSO_LOGIN_FAILED, { errors: ['The ID token could not be verified for this connection'] });
          return { c: conn, claims: cl, email: e };
        },
        { counts: countsAsFailedAttempt },
      );
      // The employer vouches for its own domain: a new employee gets an account in that organisation. An
      // account that already holds the address is never opened on the employer's word (link_required).
      return {
        data: await signInWithIdentity(
          ctx,
          reply,
          { email, firstName: String(claims.given_name ?? ''), lastName: String(claims.family_name ?? '') },
          { provider: 'sso', subject: ssoSubject(c.issuer, claims.sub as string) },
          { usertype: 'employee', organisationId: c.organisation_id },
        ),
      };
    },
  );

  if (!ctx.isProduction) await devIdentityProvider(app);
}

// ---- the development OpenID provider (never in production) ----

/** A wrong password at the development identity provider: answered with its page, counted as a failure. */
const WRONG_IDP_PASSWORD = new Error('wrong identity-provider password');

interface PendingCode {
  slug: string;
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string | null;
  email: string;
  expiresAt: number;
}
const CODE_TTL_MS = 60_000;

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** The sign-in page's one inline stylesheet, allowed by its hash alone (no 'unsafe-inline' on any page). */
const IDP_PAGE_STYLE = `body{font:16px system-ui,sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
label{display:block;margin:1rem 0 .25rem}input[type=email],input[type=password]{width:100%;padding:.6rem;font:inherit;box-sizing:border-box}
button{margin-top:1.25rem;padding:.7rem 1.2rem;font:inherit;background:#1d4ed8;color:#fff;border:0;border-radius:6px}[role=alert]{color:#b91c1c}`;
const IDP_PAGE_STYLE_HASH = `'sha256-${createHash('sha256').update(IDP_PAGE_STYLE).digest('base64')}'`;
const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

async function devIdentityProvider(app: App) {
  const { ctx } = app;
  const limits = limitsOf(ctx);
  const codes = new Map<string, PendingCode>();
  const tags = ['development'];
  const orgOf = (slug: string) => {
    const o = DEV_SSO_ORGANISATIONS.find((x) => x.slug === slug);
    if (!o) throw notFound(`No development identity provider ${slug}`);
    return o;
  };
  const issuerOf = async (slug: string) => {
    const issuer = await devSsoIssuer(ctx.db, slug);
    if (!issuer) throw notFound(`No development identity provider ${slug}`);
    return issuer;
  };
  const Slug = Type.Object({ slug: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }) });

  app.get(
    '/dev-idp/:slug/.well-known/openid-configuration',
    {
      schema: {
        tags,
        summary: 'Development OpenID provider: discovery document',
        params: Slug,
        response: { 200: Type.Object({}, { additionalProperties: true }) },
      },
    },
    async (req) => {
      const issuer = await issuerOf(req.params.slug);
      return {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
        scopes_supported: ['openid', 'email', 'profile'],
        claims_supported: ['sub', 'email', 'email_verified', 'given_name', 'family_name', 'nonce'],
      };
    },
  );
  app.get(
    '/dev-idp/:slug/jwks',
    { schema: { tags, summary: 'Development OpenID provider: signing keys', params: Slug, response: { 200: Jwks } } },
    async () => (await developmentKey()).jwks,
  );

  const AuthorizeParams = Type.Object({
    response_type: Type.String(),
    client_id: Type.String({ maxLength: 200 }),
    redirect_uri: Type.String({ maxLength: 2000 }),
    scope: Type.Optional(Type.String({ maxLength: 500 })),
    state: Type.Optional(Type.String({ maxLength: 500 })),
    nonce: Type.Optional(Type.String({ maxLength: 500 })),
    code_challenge: Type.String({ minLength: 43, maxLength: 128 }),
    code_challenge_method: Type.String(),
    login_hint: Type.Optional(Type.String({ maxLength: 254 })),
  });
  type Authorize = typeof AuthorizeParams.static;
  /** Refuses (without redirecting) a request whose client or redirect address is not registered. */
  const checkRequest = (slug: string, p: Authorize) => {
    const o = orgOf(slug);
    let redirect: URL;
    try {
      redirect = new URL(p.redirect_uri);
    } catch {
      throw new HttpError(400, 'redirect_uri is not an address');
    }
    if (p.client_id !== o.clientId) throw new HttpError(400, 'Unknown client_id');
    if (!isAllowedOrigin(redirect.origin, [], true) || redirect.pathname !== SSO_CALLBACK_PATH || redirect.search || redirect.hash) {
      throw new HttpError(400, `redirect_uri must be a local web client's ${SSO_CALLBACK_PATH}`);
    }
    if (p.response_type !== 'code' || p.code_challenge_method !== 'S256' || !(p.scope ?? '').split(' ').includes('openid')) {
      throw new HttpError(400, 'Only response_type=code with PKCE S256 and scope openid');
    }
    return { o, redirect };
  };
  const page = (reply: FastifyReply, slug: string, p: Authorize, redirect: URL, error?: string) => {
    const o = orgOf(slug);
    const hidden = Object.entries(p)
      .filter(([k, v]) => k !== 'login_hint' && typeof v === 'string')
      .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v as string)}">`)
      .join('');
    reply.header(
      'content-security-policy',
      `default-src 'none'; style-src ${IDP_PAGE_STYLE_HASH}; form-action 'self' ${redirect.origin}; frame-ancestors 'none'; base-uri 'none'`,
    );
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in to ${esc(o.name)}</title><style>${IDP_PAGE_STYLE}</style></head>
<body><main><h1>${esc(o.name)}</h1><p>Development identity provider: sign in with your company account.</p>
${error ? `<p role="alert">${esc(error)}</p>` : ''}<form method="post">${hidden}
<label for="email">Work e-mail</label><input id="email" name="email" type="email" autocomplete="username" required value="${esc(p.login_hint ?? '')}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in to ${esc(o.name)}</button></form></main></body></html>`;
  };

  app.get(
    '/dev-idp/:slug/authorize',
    {
      schema: {
        tags,
        summary: 'Development OpenID provider: the sign-in page (authorization code + PKCE S256)',
        params: Slug,
        querystring: AuthorizeParams,
        response: { 200: Type.String() },
      },
    },
    async (req, reply) => {
      const { redirect } = checkRequest(req.params.slug, req.query);
      return page(reply, req.params.slug, req.query, redirect);
    },
  );
  app.post(
    '/dev-idp/:slug/authorize',
    {
      schema: {
        tags,
        summary: "Development OpenID provider: the directory's employee signs in; 303 to the redirect address with code, state and iss",
        params: Slug,
        body: Type.Intersect([
          AuthorizeParams,
          Type.Object({ email: Type.String({ maxLength: 254 }), password: Type.String({ maxLength: 128 }) }),
        ]),
        response: { 200: Type.String(), 303: Type.Null() },
      },
    },
    async (req, reply) => {
      const { email, password, ...p } = req.body;
      const { o, redirect } = checkRequest(req.params.slug, p);
      const key = `idp:${req.ip}`;
      const matches = await limits
        .attempt([['sso_sign_in_failed_address', key]], async () => {
          if (email.trim().toLowerCase() !== o.employee.email || !sameText(password, DEMO_PASSWORD)) throw WRONG_IDP_PASSWORD;
          return true;
        })
        .catch((e: unknown) => {
          if (e === WRONG_IDP_PASSWORD) return false;
          throw e;
        });
      if (!matches) {
        reply.status(200);
        return page(
          reply,
          req.params.slug,
          { ...p, login_hint: email },
          redirect,
          'That e-mail and password do not match an account of this company.',
        );
      }
      const code = randomToken(24);
      codes.set(code, {
        slug: o.slug,
        clientId: p.client_id,
        redirectUri: p.redirect_uri,
        challenge: p.code_challenge,
        nonce: p.nonce ?? null,
        email: o.employee.email,
        expiresAt: Date.now() + CODE_TTL_MS,
      });
      const to = new URL(p.redirect_uri);
      to.searchParams.set('code', code);
      if (p.state !== undefined) to.searchParams.set('state', p.state);
      to.searchParams.set('iss', await issuerOf(o.slug));
      return reply.redirect(to.toString(), 303);
    },
  );

  const OAuthError = Type.Object({ error: Type.String(), error_description: Type.String() });
  app.post(
    '/dev-idp/:slug/token',
    {
      schema: {
        tags,
        summary: 'Development OpenID provider: token endpoint (authorization_code with the PKCE verifier; public client)',
        consumes: ['application/x-www-form-urlencoded'],
        params: Slug,
        body: Type.Object({
          grant_type: Type.String(),
          code: Type.String({ maxLength: 200 }),
          redirect_uri: Type.String({ maxLength: 2000 }),
          client_id: Type.String({ maxLength: 200 }),
          code_verifier: Type.String({ maxLength: 200 }),
        }),
        response: {
          200: Type.Object({
            access_token: Type.String(),
            token_type: Type.Literal('Bearer'),
            expires_in: Type.Integer(),
            id_token: Type.String(),
            scope: Type.String(),
          }),
          // OAuth's own error body for a refused grant; the api's for a request that fails validation.
          400: Type.Union([OAuthError, ErrorBody]),
        },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const pending = codes.get(b.code);
      codes.delete(b.code); // a code works once
      const fail = (description: string) =>
        reply.status(400).header('cache-control', 'no-store').send({ error: 'invalid_grant', error_description: description });
      if (b.grant_type !== 'authorization_code')
        return reply.status(400).send({ error: 'unsupported_grant_type', error_description: 'authorization_code only' });
      if (!pending || pending.slug !== req.params.slug || pending.expiresAt < Date.now()) return fail('Unknown, used or expired code');
      if (pending.clientId !== b.client_id || pending.redirectUri !== b.redirect_uri)
        return fail('The code was issued to another client or redirect address');
      if (s256(b.code_verifier) !== pending.challenge) return fail('PKCE verification failed');
      const o = orgOf(pending.slug);
      const id_token = await signDevelopmentIdToken(
        {
          email: pending.email,
          email_verified: true,
          given_name: o.employee.firstName,
          family_name: o.employee.lastName,
          ...(pending.nonce ? { nonce: pending.nonce } : {}),
        },
        { issuer: await issuerOf(o.slug), audience: o.clientId, subject: `${o.slug}-${pending.email}`, ttlS: 300 },
      );
      reply.header('cache-control', 'no-store');
      return { access_token: randomToken(24), token_type: 'Bearer' as const, expires_in: 300, id_token, scope: 'openid email profile' };
    },
  );
}
