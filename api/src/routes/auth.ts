// Credentials: devise_token_auth routes under /api/v1/auth, plus the product's other sign-in paths
// (one-time codes, Google, partner links, kli auto-login, app tokens) and logout. Schema and wiring:
// who someone is and every way in live in api/src/identity.
import { Type } from '@sinclair/typebox';
import { HttpError, notFound, unprocessable, type App } from '../core/http.js';
import { ErrorBody, Nullable, ReferralCode, Success, User, Uuid } from '../core/schemas.js';
import {
  answerUser,
  appTokenSignIn,
  b2bLinkSignIn,
  changePassword,
  checkCredentials,
  credentialsOf,
  codeAccount,
  deleteClient,
  DEV_GOOGLE_ISSUER,
  endProfileTokens,
  dummyPasswordHash,
  findUser,
  findUserByPhone,
  googleNonce,
  GOOGLE_NONCE_TTL_S,
  googlePerson,
  hashPassword,
  integrationOrg,
  KLI_PURPOSE,
  logOut,
  normaliseEmail,
  normalisePhone,
  PARTNER_PROOF_HEADER,
  partnerSessionSignIn,
  passwordAccount,
  profileSession,
  profileTokenSession,
  provePartnerCode,
  provenPartner,
  recordDeviceInfo,
  requestPasswordReset,
  resetPasswordSignIn,
  sendSignInCode,
  signIn,
  signInWithIdentity,
  signUp,
  kliAccount,
  type Destination,
  type IntegrationOrg,
} from '../identity/index.js';
import { limitsOf } from '../core/limits.js';
import { resetRedirectAllowed } from '../config/redirects.js';

const EMAIL = Type.String({ format: 'email', maxLength: 254 });
const PASSWORD = Type.String({ minLength: 8, maxLength: 128 });
const MOBILE = Type.String({
  pattern: '^[0-9]{6,14}$',
  description: 'national number, digits only (a trunk 0 is understood); with country_code it is one E.164 number',
});
const COUNTRY_CODE = Type.String({ pattern: '^[0-9]{1,4}$', description: 'calling code without +; default 91' });
const DEFAULT_RESET_REDIRECT = 'http://localhost:3000/set-password';
const DataUser = Type.Object({ data: User });

export async function authRoutes(app: App) {
  // Ready before the first unknown e-mail signs in, so that one takes no longer than the rest.
  await dummyPasswordHash();
  // In this order (the OpenAPI document lists the paths as registered).
  deviseRoutes(app);
  oneTimeCodeRoutes(app);
  googleRoutes(app);
  logoutRoutes(app);
  partnerSignInRoutes(app);
  appTokenAndProfileRoutes(app);
}

const wiring = (app: App) => ({ ctx: app.ctx, db: app.ctx.db });

/** devise_token_auth: sign-up, password sign-in, validate, sign-out, forgotten and changed passwords. */
function deviseRoutes(app: App) {
  const { ctx, db } = wiring(app);
  app.post(
    '/auth',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign up (devise_token_auth registration) with a proof of what it records: the code POST /otp/send sent to the e-mail, or a verification_token; 422 without one (the same answer whether or not an account exists)',
        body: Type.Object({
          email: EMAIL,
          password: PASSWORD,
          password_confirmation: Type.Optional(Type.String()),
          first_name: Type.Optional(Type.String({ maxLength: 100 })),
          last_name: Type.Optional(Type.String({ maxLength: 100 })),
          mobile: Type.Optional(MOBILE),
          country_code: Type.Optional(COUNTRY_CODE),
          confirm_success_url: Type.Optional(Type.String()),
          code: Type.Optional(
            Type.String({ pattern: '^[0-9]{4,8}$', description: 'the one-time code POST /otp/send (channel email) sent to this e-mail' }),
          ),
          verification_token: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 2000,
              description: 'from POST /otp/verify for a destination with no account: that e-mail or mobile is created as proven',
            }),
          ),
          referral_code: ReferralCode,
        }),
        response: { 200: Type.Object({ status: Type.Literal('success'), data: User }) },
      },
    },
    async (req, reply) => {
      const b = req.body;
      if (b.password_confirmation !== undefined && b.password_confirmation !== b.password)
        throw unprocessable("Password confirmation doesn't match Password");
      const data = await signUp(ctx, req.ip, reply, b);
      return { status: 'success' as const, data };
    },
  );

  app.post(
    '/auth/sign_in',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail + password sign-in (devise_token_auth)',
        body: Type.Object({
          email: EMAIL,
          password: Type.String({ minLength: 1, maxLength: 128 }),
          device_info: Type.Optional(Type.Unknown()),
        }),
        response: { 200: DataUser },
      },
    },
    async (req, reply) => {
      const user = await passwordAccount(ctx, req.ip, req.body.email, req.body.password);
      return { data: await signIn(ctx, db, reply, user, req.body.device_info) };
    },
  );

  app.get(
    '/auth/validate_token',
    {
      config: { auth: true },
      schema: {
        tags: ['auth'],
        summary: 'Validate the current credentials (devise_token_auth); device_info recorded',
        querystring: Type.Object({ device_info: Type.Optional(Type.String({ maxLength: 4000 })) }),
        response: { 200: Type.Object({ success: Type.Literal(true), data: User }) },
      },
    },
    async (req) => {
      if (req.query.device_info !== undefined) await recordDeviceInfo(db, req.authCheck!.row.token_id, req.query.device_info);
      return { success: true as const, data: await answerUser(ctx, req.user) };
    },
  );

  app.delete(
    '/auth/sign_out',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out this client (devise_token_auth)',
        response: { 200: Type.Object({ success: Type.Literal(true) }) },
      },
    },
    async (req) => {
      let check;
      try {
        check = await checkCredentials(db, credentialsOf(req.headers), (ctx.clock ?? Date.now)());
      } catch {
        throw notFound('User was not found or was not logged in.');
      }
      await deleteClient(db, check.row.token_id);
      return { success: true as const };
    },
  );

  app.post(
    '/auth/password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Forgot password: sends a reset token to the (development) outbox',
        body: Type.Object({ email: EMAIL, redirect_url: Type.Optional(Type.String({ maxLength: 2000 })) }),
        response: { 200: Type.Object({ success: Type.Literal(true), message: Type.String() }) },
      },
    },
    async (req) => {
      const email = normaliseEmail(req.body.email);
      const redirect = req.body.redirect_url ?? DEFAULT_RESET_REDIRECT;
      if (!resetRedirectAllowed(redirect)) throw unprocessable(`redirect_url ${redirect} is not an allowed address for reset links`);
      await requestPasswordReset(ctx, req.ip, email, redirect, (e: unknown) => req.log.error({ err: e }, 'reset e-mail not written'));
      return { success: true as const, message: `If an account exists for ${email}, we have sent a link to reset your password.` };
    },
  );

  app.put(
    '/auth/password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Update password: with reset_password_token (signs in), or signed in with current_password',
        body: Type.Object({
          password: PASSWORD,
          password_confirmation: Type.String(),
          reset_password_token: Type.Optional(Type.String({ minLength: 1 })),
          current_password: Type.Optional(Type.String()),
        }),
        response: { 200: Type.Object({ success: Type.Literal(true), data: User, message: Type.String() }) },
      },
    },
    async (req, reply) => {
      const b = req.body;
      if (b.password !== b.password_confirmation) throw unprocessable("Password confirmation doesn't match Password");
      const hash = await hashPassword(b.password);
      let data;
      if (b.reset_password_token) data = await resetPasswordSignIn(ctx, reply, b.reset_password_token, hash);
      else {
        await app.authenticate(req);
        data = await changePassword(ctx, req.user, req.authCheck!.row.token_id, b.current_password, hash);
      }
      return { success: true as const, data, message: 'Your password has been successfully updated.' };
    },
  );
}

/** One-time codes (SMS, WhatsApp, e-mail), and whether an account exists. */
function oneTimeCodeRoutes(app: App) {
  const { ctx, db } = wiring(app);
  const OtpTarget = {
    channel: Type.Union([Type.Literal('sms'), Type.Literal('whatsapp'), Type.Literal('email')]),
    mobile: Type.Optional(MOBILE),
    country_code: Type.Optional(COUNTRY_CODE),
    email: Type.Optional(EMAIL),
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
        querystring: Type.Object({ email: Type.Optional(EMAIL), mobile: Type.Optional(MOBILE), country_code: Type.Optional(COUNTRY_CODE) }),
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

/** The product's logout. */
function logoutRoutes(app: App) {
  const { db } = wiring(app);
  app.delete(
    '/customers/logout',
    {
      config: { auth: true },
      schema: {
        tags: ['auth'],
        summary: 'Log out this device, or every device with remove_all=true (those then answer 403 is_device_logged_out)',
        querystring: Type.Object({ remove_all: Type.Optional(Type.Boolean()) }),
        response: { 200: Type.Object({ success: Type.Literal(true), removed_all: Type.Boolean() }) },
      },
    },
    async (req) => {
      await logOut(db, req.user.id, req.authCheck!.row.token_id, Boolean(req.query.remove_all));
      return { success: true as const, removed_all: Boolean(req.query.remove_all) };
    },
  );
}

/** Partner sign-ins: b2b links, partner sessions, the partner one-time code and meta info, kli auto-login. */
function partnerSignInRoutes(app: App) {
  const { ctx, db } = wiring(app);
  const PartnerBody = Type.Object({ jwt_token: Type.String({ minLength: 1, maxLength: 8000 }), company_profile_uuid: Uuid });
  app.post(
    '/b2b_link',
    {
      schema: { tags: ['partner'], summary: 'B2B link sign-in with a partner-signed JWT', body: PartnerBody, response: { 200: DataUser } },
    },
    async (req, reply) => {
      return { data: await b2bLinkSignIn(ctx, req.ip, reply, req.body) };
    },
  );
  app.post(
    '/customers/partner_sessions',
    {
      schema: {
        tags: ['partner'],
        summary: `Partner session sign-in with a partner-signed JWT and the ${PARTNER_PROOF_HEADER} header of that organisation (from verify_totp_code)`,
        body: PartnerBody,
        response: { 200: DataUser },
      },
    },
    async (req, reply) => {
      return { data: await partnerSessionSignIn(ctx, req.ip, req.headers, reply, req.body) };
    },
  );

  const PartnerMeta = Type.Object({
    company_profile: Type.Object({ name: Type.String(), uuid: Type.String(), short_code: Nullable(Type.String()) }),
    feature_flags: Type.Object({ show_card_dashboard: Type.Boolean() }),
  });
  const metaOf = (o: IntegrationOrg) => ({
    company_profile: { name: o.name, uuid: o.uuid, short_code: o.short_code },
    feature_flags: { show_card_dashboard: o.show_card_dashboard },
  });
  const OrgParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, description: 'organisation uuid or short_code' }) });
  app.post(
    '/customers/organisations_integration/:id/verify_totp_code',
    {
      schema: {
        tags: ['partner'],
        summary:
          'Verify the partner one-time (TOTP) code; wrong code: 503 "Invalid verification code" (as the spec\'s backend answers; no Retry-After)',
        params: OrgParams,
        body: Type.Object({ code: Type.String({ pattern: '^[0-9]{6}$' }) }),
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            data: PartnerMeta,
            partner_proof: Type.String({
              description: `${PARTNER_PROOF_HEADER} header for meta_info, kli auto-login and partner sessions of this organisation (30 minutes)`,
            }),
          }),
        },
      },
    },
    async (req) => {
      const org = await integrationOrg(ctx, req.params.id);
      const partner_proof = await provePartnerCode(ctx, req.ip, org, req.body.code);
      return { success: true as const, data: metaOf(org), partner_proof };
    },
  );
  app.get(
    '/customers/organisations_integration/:id/meta_info',
    {
      schema: {
        tags: ['partner'],
        summary: `Partner meta info: for the ${PARTNER_PROOF_HEADER} header of this organisation, or signed in as one of its members; else 403`,
        params: OrgParams,
        response: { 200: Type.Object({ data: PartnerMeta }) },
      },
    },
    async (req) => {
      const org = await integrationOrg(ctx, req.params.id);
      if ((await provenPartner(ctx, req.headers)) !== org.uuid) {
        let member = false;
        try {
          await app.authenticate(req);
          member = req.user.organisation_id === org.id;
        } catch {
          member = false;
        }
        // 403, not 401: a stranger here has no session to lose (the web client logs out on any 401).
        if (!member)
          throw new HttpError(
            403,
            `Verify the partner code first (${PARTNER_PROOF_HEADER} header) or sign in as a member of this organisation`,
          );
      }
      return { data: metaOf(org) };
    },
  );

  app.post(
    '/customers/kli/auto_login',
    {
      schema: {
        tags: ['partner'],
        summary: `kli auto-login: the ${PARTNER_PROOF_HEADER} header of the organisation and its partner-signed kli link (jwt_token: purpose ${KLI_PURPOSE}, the crn it names, single-use, at most 5 minutes). A CRN alone is an identifier, never a secret: no proof, no link, a link for another CRN, a used link, an unknown CRN or another organisation's CRN all answer the same 422`,
        body: Type.Object({
          crn: Type.String({ minLength: 1, maxLength: 64 }),
          jwt_token: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 8000,
              description: "the partner-signed kli link (the auth_token of the partner's CRNID link)",
            }),
          ),
        }),
        response: { 200: DataUser },
      },
    },
    async (req, reply) => {
      const user = await kliAccount(ctx, req.ip, req.headers, req.body.crn, req.body.jwt_token);
      return { data: await signIn(ctx, db, reply, user) };
    },
  );
}

/** App tokens, and acting as one of my profiles. */
function appTokenAndProfileRoutes(app: App) {
  const { ctx } = wiring(app);
  app.post(
    '/customers/decode_token',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Decode an app token (header jwt-token): signs in and answers the user; a secondary-profile token comes back in the secondary-profile-access-token header',
        headers: Type.Object({ 'jwt-token': Type.String({ minLength: 1, maxLength: 8000 }) }),
        response: { 200: Type.Object({ success: Type.Literal(true), user: User }) },
      },
    },
    async (req, reply) => {
      return { success: true as const, user: await appTokenSignIn(ctx, reply, req.headers['jwt-token']) };
    },
  );

  app.post(
    '/customers/profiles/:uuid/session',
    {
      config: { auth: true },
      schema: {
        tags: ['profiles'],
        summary: 'Start acting as one of my profiles: answers its secondary-profile-access-token header',
        params: Type.Object({ uuid: Uuid }),
        response: { 200: Type.Object({ success: Type.Literal(true), data: User }) },
      },
    },
    async (req, reply) => {
      return {
        success: true as const,
        data: await profileSession(ctx, reply, req.user, profileTokenSession(req.authCheck!), req.params.uuid),
      };
    },
  );
  app.delete(
    '/customers/profile_session',
    {
      config: { auth: true },
      schema: {
        tags: ['profiles'],
        summary: "End the secondary-profile session (back to the primary profile): this device's profile tokens stop working",
        response: { 200: Success },
      },
    },
    async (req) => {
      await endProfileTokens(ctx.db, req.authCheck!.row.token_id);
      return { success: true };
    },
  );
}
