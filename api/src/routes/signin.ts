// Apple and Facebook sign-in, the proactive credential refresh, and (outside production) what the web
// client talks to locally instead of Apple and Facebook: the development issuers in the development
// stage; in the test stage stand-ins that sign as Apple signs and answer as Facebook's Graph API does.
import { Type } from '@sinclair/typebox';
import { unprocessable, type App } from '../core/http.js';
import { APPLE_STAND_IN_KEYS_PATH, FACEBOOK_STAND_IN_GRAPH_PATH, socialConfigs } from '../core/config.js';
import { limitsOf } from '../core/limits.js';
import { ErrorBody, ReferralCode, User } from '../core/schemas.js';
import {
  DEV_APPLE_CLIENT_ID,
  DEV_APPLE_ISSUER,
  DEV_FACEBOOK_APP_ID,
  DEV_FACEBOOK_ISSUER,
  APPLE_ISSUER,
  FACEBOOK_ISSUER,
  developmentKey,
  inspectSignedToken,
  Jwks,
  rotate,
  setCredentialHeaders,
  signDevelopmentIdToken,
  signInWithIdentity,
  verifyAppleToken,
  verifyFacebookToken,
  countsAsFailedAttempt,
  type ProvenIdentity,
} from '../identity/index.js';

export const APPLE_LOGIN_FAILED = 'Apple login failed, please contact the support team for more details';
export const FACEBOOK_LOGIN_FAILED = 'Facebook login failed, please contact the support team for more details';

const Token = Type.String({ minLength: 1, maxLength: 8000 });
const Name = Type.Optional(Type.String({ maxLength: 100 }));
const DataUser = Type.Object({ data: User });

export async function signinRoutes(app: App) {
  const { ctx } = app;
  const { apple, facebook } =
    ctx.apple && ctx.facebook ? { apple: ctx.apple, facebook: ctx.facebook } : socialConfigs(ctx.stage, process.env);
  const limits = limitsOf(ctx);

  /**
   * A refused token counts against the client address (a provider out of reach does not); an accepted
   * one signs in to the account linked to that person.
   */
  const signInWith = async (
    ip: string,
    reply: Parameters<typeof signInWithIdentity>[1],
    provider: 'apple' | 'facebook',
    verify: () => Promise<ProvenIdentity | null>,
    failed: string,
    referralCode: string | undefined,
  ) => {
    const who = await limits.attempt(
      [['social_sign_in_failed_address', ip]],
      async () => {
        const w = await verify();
        if (!w)
          throw unprocessable(failed, {
            errors: ['The token could not be verified (signature, issuer, audience, expiry, nonce, first use or e-mail)'],
          });
        return w;
      },
      { counts: countsAsFailedAttempt },
    );
    return { data: await signInWithIdentity(ctx, reply, who, { provider, subject: who.subject }, { referralCode }) };
  };

  app.post(
    '/customers/apple_sign_in',
    {
      schema: {
        tags: ['auth'],
        summary: `Sign in with Apple: the ID token (signature, issuer, audience = our Services ID, expiry, the nonce of this sign-in, first use, and a verified e-mail checked); signs in to the account linked to that Apple person, or a new one; 409 link_required when an account already holds the e-mail (POST /customers/link_identity); 503 provider_unreachable when Apple's key set cannot be reached. In the development stage the development issuer ${DEV_APPLE_ISSUER} is trusted too; outside production GET /api/v1/dev/apple_credential mints a token this stage accepts`,
        body: Type.Object({
          id_token: Token,
          nonce: Type.String({
            minLength: 8,
            maxLength: 200,
            description: 'the nonce the client passed to Apple for this sign-in (single-use)',
          }),
          first_name: Name,
          last_name: Name,
          platform: Type.Optional(Type.String({ maxLength: 40 })),
          referral_code: ReferralCode,
        }),
        response: { 200: DataUser, 503: ErrorBody },
      },
    },
    async (req, reply) =>
      signInWith(
        req.ip,
        reply,
        'apple',
        () =>
          verifyAppleToken(apple, ctx.db, req.body.id_token, req.body.nonce, {
            firstName: req.body.first_name,
            lastName: req.body.last_name,
          }),
        APPLE_LOGIN_FAILED,
        req.body.referral_code,
      ),
  );

  app.post(
    '/customers/facebook_sign_in',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Facebook sign-in: the JS SDK access token, inspected (valid, issued to our app, not expired) and the person named; signs in to the account linked to that Facebook person, or a new one; 409 link_required when an account already holds the e-mail (POST /customers/link_identity); 503 provider_unreachable when Graph cannot be reached or answers what cannot be read. In the development stage the development issuer's tokens are inspected in-process; outside production GET /api/v1/dev/facebook_token mints a token this stage accepts",
        body: Type.Object({ access_token: Token, platform: Type.Optional(Type.String({ maxLength: 40 })), referral_code: ReferralCode }),
        response: { 200: DataUser, 503: ErrorBody },
      },
    },
    async (req, reply) =>
      signInWith(
        req.ip,
        reply,
        'facebook',
        () => verifyFacebookToken(facebook, req.body.access_token),
        FACEBOOK_LOGIN_FAILED,
        req.body.referral_code,
      ),
  );

  // Product rules, Session loss: credentials rotate on answers; a tab that asks nothing for days refreshes here ahead of
  // expiry. Rotation keeps its rules (batch window, conditional update): inside the window the answer
  // carries no new headers and the current token, just rotated, is fresh anyway.
  app.post(
    '/customers/token_refresh',
    {
      config: { auth: true },
      schema: {
        tags: ['auth'],
        summary:
          'Refresh the credentials ahead of expiry: answers new credential headers (unless inside the batch window) and the expiry that now holds',
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            expiry: Type.Integer({ description: 'seconds since the epoch' }),
            server_time_ms: Type.Integer(),
          }),
        },
      },
    },
    async (req, reply) => {
      await limits.take('token_refresh_user', String(req.user.id));
      const check = req.authCheck!;
      const now = (ctx.clock ?? Date.now)();
      const creds = await rotate(ctx.db, check, now);
      if (creds) setCredentialHeaders(reply, creds);
      return { success: true as const, expiry: creds?.expiry ?? Number(check.row.expiry), server_time_ms: now };
    },
  );

  if (ctx.isProduction) return;

  // ---- development issuers and stand-ins (Apple and Facebook are unreachable here) ----
  /**
   * Who a minted token says signed it, and for whom: the development issuer where it is trusted (the
   * development stage); elsewhere (the test stage) Apple or Facebook itself and our client id, so the
   * sign-in runs the production path against the stand-ins.
   */
  const appleStandIn = () =>
    apple.development || !apple.clientId
      ? { issuer: DEV_APPLE_ISSUER, audience: DEV_APPLE_CLIENT_ID }
      : { issuer: APPLE_ISSUER, audience: apple.clientId };
  const facebookStandIn = () =>
    facebook.development || !facebook.appId
      ? { issuer: DEV_FACEBOOK_ISSUER, audience: DEV_FACEBOOK_APP_ID }
      : { issuer: FACEBOOK_ISSUER, audience: facebook.appId };
  const tags = ['development'];
  const MintQuery = Type.Object({
    email: Type.String({ format: 'email' }),
    given_name: Name,
    family_name: Name,
    audience: Type.Optional(
      Type.String({ maxLength: 200, description: "default: our client id (another makes a token for someone else's app)" }),
    ),
    expires_in: Type.Optional(Type.Integer({ minimum: -86400, maximum: 86400, description: 'seconds; negative mints an expired token' })),
    nonce: Type.Optional(Type.String({ maxLength: 200, description: 'the nonce of this sign-in (Apple puts it in the token)' })),
  });
  app.get(
    APPLE_STAND_IN_KEYS_PATH.replace('/api/v1', ''),
    {
      schema: {
        tags,
        summary:
          "The key set of the api's Apple issuers (JWKS, as Apple publishes its own at https://appleid.apple.com/auth/keys): the test stage reads Apple's keys here unless HAVEN_APPLE_JWKS_URL names others",
        response: { 200: Jwks },
      },
    },
    async () => (await developmentKey()).jwks,
  );
  app.get(
    '/dev/apple_credential',
    {
      schema: {
        tags,
        summary: `Mint an Apple ID token (RS256) as Sign in with Apple JS answers it: in the development stage from the development issuer ${DEV_APPLE_ISSUER}; in the test stage as Apple signs one (issuer ${APPLE_ISSUER}, our Services ID), with the stand-in's key (GET /api/v1/dev/apple/keys)`,
        querystring: MintQuery,
        response: { 200: Type.Object({ id_token: Type.String() }) },
      },
    },
    async (req) => ({
      id_token: await signDevelopmentIdToken(
        {
          email: req.query.email.toLowerCase(),
          email_verified: 'true',
          is_private_email: 'false',
          ...(req.query.nonce ? { nonce: req.query.nonce } : {}),
        },
        {
          ...appleStandIn(),
          ...(req.query.audience ? { audience: req.query.audience } : {}),
          subject: `apple-${req.query.email.toLowerCase()}`,
          ttlS: req.query.expires_in ?? 600,
        },
      ),
    }),
  );
  app.get(
    '/dev/facebook_token',
    {
      schema: {
        tags,
        summary: `Mint a Facebook access token as FB.login answers it: in the development stage from the development issuer ${DEV_FACEBOOK_ISSUER}; in the test stage one the stand-in for Graph (GET /api/v1/dev/facebook_graph/debug_token) knows, issued to our app`,
        querystring: MintQuery,
        response: { 200: Type.Object({ access_token: Type.String(), expires_in: Type.Integer() }) },
      },
    },
    async (req) => {
      const ttlS = req.query.expires_in ?? 3600;
      return {
        access_token: await signDevelopmentIdToken(
          {
            email: req.query.email.toLowerCase(),
            given_name: req.query.given_name ?? 'Facebook',
            family_name: req.query.family_name ?? 'User',
          },
          {
            ...facebookStandIn(),
            ...(req.query.audience ? { audience: req.query.audience } : {}),
            subject: `fb-${req.query.email.toLowerCase()}`,
            ttlS,
          },
        ),
        expires_in: ttlS,
      };
    },
  );

  // The stand-in for Graph: debug_token and /me answer for the stand-in's own tokens as Facebook documents
  // them; anything else is a token Graph does not know. The app access token is checked as Graph checks it.
  const graph = FACEBOOK_STAND_IN_GRAPH_PATH.replace('/api/v1', '');
  // Graph's own error body for a token it refuses; the api's for a request that fails validation.
  const GraphError = Type.Union([
    Type.Object({ error: Type.Object({ message: Type.String(), type: Type.String(), code: Type.Integer() }) }),
    ErrorBody,
  ]);
  /** What Graph answers for a token (or app token) it does not accept. */
  const INVALID_TOKEN = { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } };
  /** The stand-in's token, unexpired, or null (Graph: "invalid OAuth access token"). */
  const standInToken = async (token: string) => {
    const info = await inspectSignedToken(token, FACEBOOK_ISSUER);
    return info && (info.expires_at === 0 || info.expires_at > Math.floor(Date.now() / 1000)) ? info : null;
  };
  app.get(
    `${graph}/debug_token`,
    {
      schema: {
        tags,
        summary:
          "Stand-in for Facebook Graph's debug_token (the test stage's Graph): which app a token was issued to, valid or not, when it expires",
        querystring: Type.Object({ input_token: Type.String({ maxLength: 8000 }), access_token: Type.String({ maxLength: 400 }) }),
        response: {
          200: Type.Object({
            data: Type.Object({
              app_id: Type.Optional(Type.String()),
              is_valid: Type.Boolean(),
              expires_at: Type.Optional(Type.Integer()),
              user_id: Type.Optional(Type.String()),
            }),
          }),
          400: GraphError,
        },
      },
    },
    async (req, reply) => {
      if (!facebook.appId || !facebook.appSecret || req.query.access_token !== `${facebook.appId}|${facebook.appSecret}`)
        return reply.status(400).send(INVALID_TOKEN);
      const signed = await inspectSignedToken(req.query.input_token, FACEBOOK_ISSUER);
      if (!signed) return { data: { is_valid: false } };
      const valid = await standInToken(req.query.input_token);
      return { data: { app_id: signed.app_id, is_valid: Boolean(valid), expires_at: signed.expires_at, user_id: signed.user_id } };
    },
  );
  app.get(
    `${graph}/me`,
    {
      schema: {
        tags,
        summary: "Stand-in for Facebook Graph's /me: the person an access token names (id, email, first_name, last_name)",
        querystring: Type.Object({
          fields: Type.Optional(Type.String({ maxLength: 200 })),
          access_token: Type.String({ maxLength: 8000 }),
        }),
        response: {
          200: Type.Object({ id: Type.String(), email: Type.Optional(Type.String()), first_name: Type.String(), last_name: Type.String() }),
          400: GraphError,
        },
      },
    },
    async (req, reply) => {
      const info = await standInToken(req.query.access_token);
      if (!info) return reply.status(400).send(INVALID_TOKEN);
      return { id: info.user_id, ...(info.email ? { email: info.email } : {}), first_name: info.first_name, last_name: info.last_name };
    },
  );
}
