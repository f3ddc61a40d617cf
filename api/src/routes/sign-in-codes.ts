// One-time codes (send, verify, whether an account exists) and Google sign-in. Schema and wiring: the
// rules live in api/src/identity (sign-up.ts, identity-links.ts).
import { Type } from '@sinclair/typebox';
import { HttpError, type App } from '../core/http.js';
import { CountryCode, Email, ErrorBody, NationalMobile, Nullable, ReferralCode, User } from '../core/schemas.js';
import {
  codeAccount,
  DEV_GOOGLE_ISSUER,
  findUser,
  findUserByPhone,
  googleNonce,
  GOOGLE_NONCE_TTL_S,
  googlePerson,
  normaliseEmail,
  normalisePhone,
  sendSignInCode,
  signIn,
  signInWithIdentity,
  type Destination,
} from '../identity/index.js';
import { limitsOf } from '../core/limits.js';

const DataUser = Type.Object({ data: User });

export async function signInCodeRoutes(app: App) {
  oneTimeCodeRoutes(app);
  googleRoutes(app);
}

const wiring = (app: App) => ({ ctx: app.ctx, db: app.ctx.db });

/** One-time codes (SMS, WhatsApp, e-mail), and whether an account exists. */
function oneTimeCodeRoutes(app: App) {
  const { ctx, db } = wiring(app);
  const OtpTarget = {
    channel: Type.Union([Type.Literal('sms'), Type.Literal('whatsapp'), Type.Literal('email')]),
    mobile: Type.Optional(NationalMobile),
    country_code: Type.Optional(CountryCode),
    email: Type.Optional(Email),
  };
  const destinationOf = (b: { channel: string; mobile?: string; country_code?: string; email?: string }): Destination => {
    if (b.channel === 'email') {
      if (!b.email) throw new HttpError(400, 'body/email is required for channel email');
      return { kind: 'email', value: normaliseEmail(b.email) };
    }
    if (!b.mobile) throw new HttpError(400, `body/mobile is required for channel ${b.channel}`);
    const phone = normalisePhone(b.country_code, b.mobile);
    return { kind: 'phone', value: phone.e164, phone };
  };
  app.post(
    '/otp/send',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a one-time code by SMS, WhatsApp or e-mail (development: to the outbox)',
        body: Type.Object(OtpTarget),
        response: { 200: Type.Object({ success: Type.Literal(true), message: Type.String(), expires_in: Type.Integer() }) },
      },
    },
    async (req) => {
      await sendSignInCode(ctx, req.ip, req.body.channel, destinationOf(req.body).value);
      return { success: true as const, message: `A verification code was sent by ${req.body.channel}`, expires_in: 600 };
    },
  );
  app.post(
    '/otp/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Verify a one-time code; signs in when an account exists',
        body: Type.Object({
          ...OtpTarget,
          code: Type.String({ pattern: '^[0-9]{4,8}$' }),
          device_info: Type.Optional(Type.Unknown()),
          create_account: Type.Optional(Type.Boolean({ description: 'passwordless sign-up: create a patient when no account exists' })),
          first_name: Type.Optional(Type.String({ maxLength: 100 })),
          last_name: Type.Optional(Type.String({ maxLength: 100 })),
          referral_code: ReferralCode,
        }),
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            verified: Type.Literal(true),
            account_exists: Type.Boolean(),
            data: Nullable(User),
            verification_token: Type.Optional(
              Type.String({ description: 'no account: a 15-minute proof of this destination for POST /auth (purpose sign-up)' }),
            ),
          }),
        },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const found = await codeAccount(
        ctx,
        destinationOf(b),
        b.code,
        b.create_account ? { firstName: b.first_name, lastName: b.last_name, referralCode: b.referral_code } : undefined,
      );
      if (!found.user)
        return {
          success: true as const,
          verified: true as const,
          account_exists: false,
          data: null,
          verification_token: found.verificationToken,
        };
      return {
        success: true as const,
        verified: true as const,
        account_exists: true,
        data: await signIn(ctx, db, reply, found.user, b.device_info),
      };
    },
  );

  app.get(
    '/customers/account_exists',
    {
      schema: {
        tags: ['auth'],
        summary: 'Does an account exist for this e-mail or mobile',
        querystring: Type.Object({
          email: Type.Optional(Email),
          mobile: Type.Optional(NationalMobile),
          country_code: Type.Optional(CountryCode),
        }),
        response: { 200: Type.Object({ account_exists: Type.Boolean() }) },
      },
    },
    async (req) => {
      const { email, mobile, country_code } = req.query;
      if (!email && !mobile) throw new HttpError(400, 'querystring must have email or mobile');
      if (!email && !country_code) throw new HttpError(400, 'querystring/country_code is required with mobile (the full number)');
      await limitsOf(ctx).take('account_exists', req.ip);
      const u = email ? await findUser(db, 'email', email) : await findUserByPhone(db, normalisePhone(country_code, mobile!));
      return { account_exists: Boolean(u) };
    },
  );
}

/** Google sign-in (form-urlencoded one-tap / button response) and the nonce it must carry. */
function googleRoutes(app: App) {
  const { ctx } = wiring(app);
  app.post(
    '/customers/google_nonce',
    {
      schema: {
        tags: ['auth'],
        summary: `A nonce for one Google sign-in: the client passes it to Google, whose ID token carries it back; valid ${GOOGLE_NONCE_TTL_S / 60} minutes, taken once`,
        response: { 200: Type.Object({ nonce: Type.String(), expires_in: Type.Integer() }) },
      },
    },
    async () => ({ nonce: await googleNonce(ctx.secret), expires_in: GOOGLE_NONCE_TTL_S }),
  );
  app.post(
    '/customers/google_sign_in',
    {
      schema: {
        tags: ['auth'],
        summary: `Google sign-in with a Google ID token (signature against Google's keys, issuer, audience = our client id, expiry, the nonce from POST /customers/google_nonce, first use, a verified e-mail); 422 for any refusal, alike; 503 provider_unreachable when Google's key set cannot be reached. In the development stage the development issuer ${DEV_GOOGLE_ISSUER} is trusted too; outside production GET /api/v1/dev/google_credential mints a token this stage accepts`,
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: Type.Object(
          {
            credential: Type.Optional(Type.String({ minLength: 1, maxLength: 8000, description: 'the Google ID token' })),
            select_by: Type.Optional(Type.String()),
            platform: Type.Optional(Type.String()),
            usertype: Type.Optional(Type.String()),
            referral_code: ReferralCode,
          },
          { additionalProperties: true, description: 'plus any fixed extra fields the client sends' },
        ),
        response: { 200: DataUser, 503: ErrorBody },
      },
    },
    async (req, reply) => {
      // An access token says nothing checkable about whom it was issued to: only an ID token signs in.
      const token = req.body.credential;
      if (!token) throw new HttpError(400, 'body must have credential (a Google ID token)');
      const { who, identity } = await googlePerson(ctx, req.ip, token);
      // The account linked to this Google person, or a new one; an account already holding the e-mail is
      // linked only once its owner proves it (409 link_required, POST /customers/link_identity).
      return { data: await signInWithIdentity(ctx, reply, who, identity, { referralCode: req.body.referral_code }) };
    },
  );
}
