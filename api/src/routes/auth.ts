// Credentials: devise_token_auth routes under /api/v1/auth (sign-up, password sign-in, validate, sign-out,
// passwords), logout, app tokens and acting as a profile. Schema and wiring: who someone is and every way
// in live in api/src/identity. The other ways in: sign-in-codes.ts (one-time codes, Google) and
// partner-sign-in.ts.
import { Type } from '@sinclair/typebox';
import { notFound, unprocessable, type App } from '../core/http.js';
import { CountryCode, Email, NationalMobile, Password, ReferralCode, Success, User, Uuid } from '../core/schemas.js';
import {
  answerUser,
  appTokenSignIn,
  changePassword,
  checkCredentials,
  credentialsOf,
  deleteClient,
  endProfileTokens,
  dummyPasswordHash,
  hashPassword,
  logOut,
  normaliseEmail,
  passwordAccount,
  profileSession,
  profileTokenSession,
  recordDeviceInfo,
  requestPasswordReset,
  resetPasswordSignIn,
  signIn,
  signUp,
} from '../identity/index.js';
import { resetRedirectAllowed } from '../config/redirects.js';
import { queueContactChange, SIGN_UP_CODE_SENT } from '../accounts/index.js';

const DEFAULT_RESET_REDIRECT = 'http://localhost:3000/set-password';
const DataUser = Type.Object({ data: User });

export async function authRoutes(app: App) {
  // Ready before the first unknown e-mail signs in, so that one takes no longer than the rest.
  await dummyPasswordHash();
  deviseRoutes(app);
  logoutRoutes(app);
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
          email: Email,
          password: Password,
          password_confirmation: Type.Optional(Type.String()),
          first_name: Type.Optional(Type.String({ maxLength: 100 })),
          last_name: Type.Optional(Type.String({ maxLength: 100 })),
          mobile: Type.Optional(NationalMobile),
          country_code: Type.Optional(CountryCode),
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
        response: {
          200: Type.Object({
            status: Type.Literal('success'),
            data: User,
            contact_change: Type.Optional(
              Type.Object(
                { kind: Type.Union([Type.Literal('phone'), Type.Literal('email')]), message: Type.String() },
                {
                  description:
                    'the e-mail or number named beside the one proved: not saved yet; a code went to it, and it joins the account once that code comes back (contact_change/verify)',
                },
              ),
            ),
          }),
        },
      },
    },
    async (req, reply) => {
      const b = req.body;
      if (b.password_confirmation !== undefined && b.password_confirmation !== b.password)
        throw unprocessable("Password confirmation doesn't match Password");
      const { user, pending } = await signUp(ctx, req.ip, reply, b, queueContactChange);
      return {
        status: 'success' as const,
        data: user,
        ...(pending ? { contact_change: { kind: pending.kind, message: SIGN_UP_CODE_SENT(pending) } } : {}),
      };
    },
  );

  app.post(
    '/auth/sign_in',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail + password sign-in (devise_token_auth)',
        body: Type.Object({
          email: Email,
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
        body: Type.Object({ email: Email, redirect_url: Type.Optional(Type.String({ maxLength: 2000 })) }),
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
          password: Password,
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
