// Apple and Facebook sign-in, the proactive credential refresh, and (outside
// production) the development Apple and Facebook issuers the web client talks to locally.
import { Type } from '@sinclair/typebox';
import { unprocessable, type App } from '../core/http.js';
import { limitsOf } from '../core/limits.js';
import { ReferralCode, User } from '../core/schemas.js';
import {
  DEV_APPLE_CLIENT_ID,
  DEV_APPLE_ISSUER,
  DEV_FACEBOOK_APP_ID,
  DEV_FACEBOOK_ISSUER,
  developmentKey,
  Jwks,
  rotate,
  setCredentialHeaders,
  signDevelopmentIdToken,
  signInWithIdentity,
  socialConfig,
  verifyAppleToken,
  verifyFacebookToken,
  type ProvenIdentity,
} from '../identity/index.js';

export const APPLE_LOGIN_FAILED = 'Apple login failed, please contact the support team for more details';
export const FACEBOOK_LOGIN_FAILED = 'Facebook login failed, please contact the support team for more details';

const Token = Type.String({ minLength: 1, maxLength: 8000 });
const Name = Type.Optional(Type.String({ maxLength: 100 }));
const DataUser = Type.Object({ data: User });

export async function signinRoutes(app: App) {
  const { ctx } = app;
  const social = socialConfig(ctx.isProduction);
  const limits = limitsOf(ctx);

  /** A refused token counts against the client address; an accepted one signs in to the account linked to that person. */
  const signInWith = async (
    ip: string,
    reply: Parameters<typeof signInWithIdentity>[1],
    provider: 'apple' | 'facebook',
    verify: () => Promise<ProvenIdentity | null>,
    failed: string,
    referralCode: string | undefined,
  ) => {
    const who = await limits.attempt([['social_sign_in_failed_address', ip]], async () => {
      const w = await verify();
      if (!w)
        throw unprocessable(failed, {
          errors: ['The token could not be verified (signature, issuer, audience, expiry, nonce, first use or e-mail)'],
        });
      return w;
    });
    return { data: await signInWithIdentity(ctx, reply, who, { provider, subject: who.subject }, { referralCode }) };
  };

  app.post(
    '/customers/apple_sign_in',
    {
      schema: {
        tags: ['auth'],
        summary: `Sign in with Apple: the ID token (signature, issuer, audience = our Services ID, expiry, the nonce of this sign-in, first use, and a verified e-mail checked); signs in to the account linked to that Apple person, or a new one; 409 link_required when an account already holds the e-mail (POST /customers/link_identity). Outside production the issuer is ${DEV_APPLE_ISSUER} (GET /api/v1/dev/apple_credential)`,
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
        response: { 200: DataUser },
      },
    },
    async (req, reply) =>
      signInWith(
        req.ip,
        reply,
        'apple',
        () =>
          verifyAppleToken(social, ctx.db, req.body.id_token, req.body.nonce, {
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
          "Facebook sign-in: the JS SDK access token, inspected (valid, issued to our app, not expired) and the person named; signs in to the account linked to that Facebook person, or a new one; 409 link_required when an account already holds the e-mail (POST /customers/link_identity). Outside production the development issuer's tokens (GET /api/v1/dev/facebook_token)",
        body: Type.Object({ access_token: Token, platform: Type.Optional(Type.String({ maxLength: 40 })), referral_code: ReferralCode }),
        response: { 200: DataUser },
      },
    },
    async (req, reply) =>
      signInWith(
        req.ip,
        reply,
        'facebook',
        () => verifyFacebookToken(social, req.body.access_token),
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

  // ---- development issuers (Apple and Facebook are unreachable here) ----
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
    '/dev/apple/keys',
    {
      schema: {
        tags,
        summary: `The development Apple issuer's key set (JWKS; Apple publishes its own at https://appleid.apple.com/auth/keys)`,
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
        summary: `Mint a development Apple ID token (issuer ${DEV_APPLE_ISSUER}, RS256) as Sign in with Apple JS answers it`,
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
          issuer: DEV_APPLE_ISSUER,
          audience: req.query.audience ?? DEV_APPLE_CLIENT_ID,
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
        summary: `Mint a development Facebook access token (issuer ${DEV_FACEBOOK_ISSUER}) as FB.login answers it`,
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
            issuer: DEV_FACEBOOK_ISSUER,
            audience: req.query.audience ?? DEV_FACEBOOK_APP_ID,
            subject: `fb-${req.query.email.toLowerCase()}`,
            ttlS,
          },
        ),
        expires_in: ttlS,
      };
    },
  );
}
