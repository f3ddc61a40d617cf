// Credentials: devise_token_auth routes under /api/v1/auth, plus the product's other sign-in paths
// (one-time codes, Google, partner links, kli auto-login, app tokens) and logout.
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { randomInt } from 'node:crypto';
import { HttpError, notFound, unprocessable, type App, type Ctx } from '../lib/http.js';
import { Nullable, Success, User, Uuid } from '../lib/schemas.js';
import { createClient, deleteClient, checkCredentials, revokeAll, revokeClient, setCredentialHeaders } from '../auth/credentials.js';
import { hashPassword, randomToken, sha256, verifyPassword } from '../auth/passwords.js';
import { findUser, findUserByMobile, serializeUser, type UserRow } from '../lib/users.js';
import { verifyJwt } from '../auth/firebase.js';
import { deliver } from '../lib/outbox.js';
import { verifyTotp } from '../lib/totp.js';
import type { Queryable } from '../db/index.js';

export const DEV_GOOGLE_ISSUER = 'https://accounts.haven.localhost/dev-google';
export const APP_TOKEN_ISSUER = 'haven-api/app-token';
export const SECONDARY_ISSUER = 'haven-api/secondary-profile';
const EMAIL = Type.String({ format: 'email', maxLength: 254 });
const PASSWORD = Type.String({ minLength: 8, maxLength: 128 });
const MOBILE = Type.String({ pattern: '^[0-9]{6,11}$', description: 'digits only; India: 10 digits starting 5-9' });
const DataUser = Type.Object({ data: User });

export async function signIn(ctx: Ctx, q: Queryable, reply: FastifyReply, user: UserRow, deviceInfo?: unknown) {
  const creds = await createClient(q, user, deviceInfo);
  setCredentialHeaders(reply, creds);
  return serializeUser(ctx, user);
}

export async function secondaryProfileToken(ctx: Ctx, profile: UserRow) {
  return new (await import('jose')).SignJWT({ parent: profile.parent_user_id })
    .setProtectedHeader({ alg: 'HS256' }).setIssuer(SECONDARY_ISSUER).setSubject(profile.uuid).setIssuedAt().setExpirationTime('30d')
    .sign(new TextEncoder().encode(ctx.secret));
}

async function verifyPartnerJwt(ctx: Ctx, companyUuid: string, jwt: string, message: string) {
  const org = (await ctx.db.query<{ id: number; partner_secret: string; name: string }>(`SELECT id, partner_secret, name FROM organisations WHERE uuid::text = $1`, [companyUuid]))[0];
  if (!org) throw notFound(`Unknown company_profile_uuid ${companyUuid}`);
  let claims;
  try {
    claims = await verifyJwt(org.partner_secret, jwt);
  } catch {
    throw unprocessable(message);
  }
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined;
  if (!email) throw unprocessable(message);
  let user = await findUser(ctx.db, 'email', email);
  if (user && user.organisation_id !== org.id) throw unprocessable(message);
  if (!user) {
    // A partner's employee arriving for the first time gets an account in that organisation.
    await ctx.db.query(
      `INSERT INTO users (firebaseid, usertype, email, first_name, last_name, organisation_id, is_verified) VALUES ($1, 'employee', $2, $3, $4, $5, true)`,
      [randomToken(14), email, String(claims.first_name ?? ''), String(claims.last_name ?? ''), org.id],
    );
    user = await findUser(ctx.db, 'email', email);
  }
  return user!;
}

export async function authRoutes(app: App) {
  const { ctx } = app;
  const db = ctx.db;

  // ---- devise_token_auth ----
  app.post('/auth', {
    schema: {
      tags: ['auth'], summary: 'Sign up (devise_token_auth registration)',
      body: Type.Object({
        email: EMAIL, password: PASSWORD, password_confirmation: Type.Optional(Type.String()),
        first_name: Type.Optional(Type.String({ maxLength: 100 })), last_name: Type.Optional(Type.String({ maxLength: 100 })),
        mobile: Type.Optional(MOBILE), country_code: Type.Optional(Type.String({ pattern: '^[0-9]{1,4}$' })),
        confirm_success_url: Type.Optional(Type.String()),
      }),
      response: { 200: Type.Object({ status: Type.Literal('success'), data: User }) },
    },
  }, async (req, reply) => {
    const b = req.body;
    if (b.password_confirmation !== undefined && b.password_confirmation !== b.password) throw unprocessable("Password confirmation doesn't match Password");
    if (await findUser(db, 'email', b.email)) throw unprocessable('Email has already been taken');
    if (b.mobile && (await findUserByMobile(db, b.mobile))) throw unprocessable('Mobile has already been taken');
    const hash = await hashPassword(b.password);
    const user = await db.tx(async (q) => {
      const [row] = await q.query<{ id: number }>(
        `INSERT INTO users (firebaseid, usertype, email, mobile, country_code, first_name, last_name, password_hash)
         VALUES ($1, 'patient', $2, $3, $4, $5, $6, $7) RETURNING id`,
        [randomToken(14), b.email.toLowerCase(), b.mobile ?? null, b.country_code ?? '91', b.first_name ?? '', b.last_name ?? '', hash],
      );
      await q.query(`INSERT INTO consents (user_id) VALUES ($1)`, [row!.id]);
      const u = (await findUser(q, 'id', row!.id))!;
      return { u, data: await signIn(ctx, q, reply, u) };
    });
    return { status: 'success' as const, data: user.data };
  });

  app.post('/auth/sign_in', {
    schema: {
      tags: ['auth'], summary: 'E-mail + password sign-in (devise_token_auth)',
      body: Type.Object({ email: EMAIL, password: Type.String({ minLength: 1, maxLength: 128 }), device_info: Type.Optional(Type.Unknown()) }),
      response: { 200: DataUser },
    },
  }, async (req, reply) => {
    const user = await findUser(db, 'email', req.body.email);
    if (!user || !(await verifyPassword(req.body.password, user.password_hash))) {
      throw new HttpError(401, 'Invalid login credentials. Please try again.');
    }
    return { data: await signIn(ctx, db, reply, user, req.body.device_info) };
  });

  app.get('/auth/validate_token', {
    config: { auth: true },
    schema: {
      tags: ['auth'], summary: 'Validate the current credentials (devise_token_auth); device_info recorded',
      querystring: Type.Object({ device_info: Type.Optional(Type.String({ maxLength: 4000 })) }),
      response: { 200: Type.Object({ success: Type.Literal(true), data: User }) },
    },
  }, async (req) => {
    if (req.query.device_info !== undefined) {
      let info: unknown = req.query.device_info;
      try { info = JSON.parse(req.query.device_info); } catch { /* keep the raw string */ }
      await db.query(`UPDATE auth_tokens SET device_info = $2 WHERE id = $1`, [req.authCheck!.row.token_id, JSON.stringify(info)]);
    }
    return { success: true as const, data: await serializeUser(ctx, req.user) };
  });

  app.delete('/auth/sign_out', {
    schema: { tags: ['auth'], summary: 'Sign out this client (devise_token_auth)', response: { 200: Type.Object({ success: Type.Literal(true) }) } },
  }, async (req) => {
    const h = req.headers as Record<string, string | undefined>;
    let check;
    try {
      check = await checkCredentials(db, { token: h['access-token'], client: h.client, uid: h.uid });
    } catch {
      throw notFound('User was not found or was not logged in.');
    }
    await deleteClient(db, check.row.token_id);
    return { success: true as const };
  });

  app.post('/auth/password', {
    schema: {
      tags: ['auth'], summary: 'Forgot password: sends a reset token to the (development) outbox',
      body: Type.Object({ email: EMAIL, redirect_url: Type.Optional(Type.String({ maxLength: 2000 })) }),
      response: { 200: Type.Object({ success: Type.Literal(true), message: Type.String() }) },
    },
  }, async (req) => {
    const user = await findUser(db, 'email', req.body.email);
    if (!user) throw notFound(`Unable to find user with email '${req.body.email}'.`);
    const token = randomToken();
    await db.query(`INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '6 hours')`, [sha256(token), user.id]);
    const link = `${req.body.redirect_url ?? 'http://localhost:3000/set-password'}?reset_password_token=${token}`;
    await deliver(db, { channel: 'email', to: user.email!, subject: 'Reset password instructions', body: `Reset your password: ${link}`, code: token });
    return { success: true as const, message: `An email has been sent to '${user.email}' containing instructions for resetting your password.` };
  });

  app.put('/auth/password', {
    schema: {
      tags: ['auth'], summary: 'Update password: with reset_password_token (signs in), or signed in with current_password',
      body: Type.Object({
        password: PASSWORD, password_confirmation: Type.String(),
        reset_password_token: Type.Optional(Type.String({ minLength: 1 })), current_password: Type.Optional(Type.String()),
      }),
      response: { 200: Type.Object({ success: Type.Literal(true), data: User, message: Type.String() }) },
    },
  }, async (req, reply) => {
    const b = req.body;
    if (b.password !== b.password_confirmation) throw unprocessable("Password confirmation doesn't match Password");
    let user: UserRow | undefined;
    if (b.reset_password_token) {
      const reset = (await db.query<{ user_id: number }>(
        `SELECT user_id FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`, [sha256(b.reset_password_token)]))[0];
      if (!reset) throw unprocessable('Reset password token is invalid or has expired');
      user = await findUser(db, 'id', reset.user_id);
      await db.query(`UPDATE password_resets SET used_at = now() WHERE token_hash = $1`, [sha256(b.reset_password_token)]);
    } else {
      await app.authenticate(req);
      user = req.user;
      if (user.password_hash && !(await verifyPassword(b.current_password ?? '', user.password_hash))) throw unprocessable('Current password is invalid');
    }
    await db.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [user!.id, await hashPassword(b.password)]);
    const data = b.reset_password_token ? await signIn(ctx, db, reply, user!) : await serializeUser(ctx, user!);
    return { success: true as const, data, message: 'Your password has been successfully updated.' };
  });

  // ---- one-time codes (SMS, WhatsApp, e-mail) ----
  const OtpTarget = {
    channel: Type.Union([Type.Literal('sms'), Type.Literal('whatsapp'), Type.Literal('email')]),
    mobile: Type.Optional(MOBILE), country_code: Type.Optional(Type.String({ pattern: '^[0-9]{1,4}$' })), email: Type.Optional(EMAIL),
  };
  const destinationOf = (b: { channel: string; mobile?: string; country_code?: string; email?: string }) => {
    if (b.channel === 'email') {
      if (!b.email) throw new HttpError(400, 'body/email is required for channel email');
      return b.email.toLowerCase();
    }
    if (!b.mobile) throw new HttpError(400, `body/mobile is required for channel ${b.channel}`);
    return `+${b.country_code ?? '91'}${b.mobile}`;
  };
  app.post('/otp/send', {
    schema: {
      tags: ['auth'], summary: 'Send a one-time code by SMS, WhatsApp or e-mail (development: to the outbox)',
      body: Type.Object(OtpTarget), response: { 200: Type.Object({ success: Type.Literal(true), message: Type.String(), expires_in: Type.Integer() }) },
    },
  }, async (req) => {
    const to = destinationOf(req.body);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await db.tx(async (q) => {
      await q.query(`UPDATE otp_codes SET consumed_at = now() WHERE destination = $1 AND consumed_at IS NULL`, [to]);
      await q.query(`INSERT INTO otp_codes (channel, destination, code_hash, expires_at) VALUES ($1, $2, $3, now() + interval '10 minutes')`, [req.body.channel, to, sha256(code)]);
      await deliver(q, { channel: req.body.channel, to, subject: 'Your Haven verification code', body: `${code} is your Haven verification code. It expires in 10 minutes.`, code });
    });
    return { success: true as const, message: `A verification code was sent by ${req.body.channel}`, expires_in: 600 };
  });
  app.post('/otp/verify', {
    schema: {
      tags: ['auth'], summary: 'Verify a one-time code; signs in when an account exists',
      body: Type.Object({
        ...OtpTarget, code: Type.String({ pattern: '^[0-9]{4,8}$' }), device_info: Type.Optional(Type.Unknown()),
        create_account: Type.Optional(Type.Boolean({ description: 'passwordless sign-up: create a patient when no account exists' })),
        first_name: Type.Optional(Type.String({ maxLength: 100 })), last_name: Type.Optional(Type.String({ maxLength: 100 })),
      }),
      response: { 200: Type.Object({ success: Type.Literal(true), verified: Type.Literal(true), account_exists: Type.Boolean(), data: Nullable(User) }) },
    },
  }, async (req, reply) => {
    const to = destinationOf(req.body);
    const row = (await db.query<{ id: number; code_hash: string; attempts: number }>(
      `SELECT id, code_hash, attempts FROM otp_codes WHERE destination = $1 AND consumed_at IS NULL AND expires_at > now() ORDER BY id DESC LIMIT 1`, [to]))[0];
    if (!row) throw unprocessable('Invalid verification code');
    if (row.attempts >= 5) throw new HttpError(429, 'Too many attempts; request a new code');
    if (row.code_hash !== sha256(req.body.code)) {
      await db.query(`UPDATE otp_codes SET attempts = attempts + 1 WHERE id = $1`, [row.id]);
      throw unprocessable('Invalid verification code');
    }
    await db.query(`UPDATE otp_codes SET consumed_at = now() WHERE id = $1`, [row.id]);
    let user = req.body.channel === 'email' ? await findUser(db, 'email', to) : await findUserByMobile(db, req.body.mobile!);
    if (!user && req.body.create_account) {
      const b = req.body;
      const id = await db.tx(async (q) => {
        const [row] = await q.query<{ id: number }>(
          `INSERT INTO users (firebaseid, email, mobile, country_code, first_name, last_name, is_verified) VALUES ($1, $2, $3, $4, $5, $6, true) RETURNING id`,
          [randomToken(14), b.channel === 'email' ? to : null, b.channel === 'email' ? null : b.mobile, b.country_code ?? '91', b.first_name ?? '', b.last_name ?? '']);
        await q.query(`INSERT INTO consents (user_id) VALUES ($1)`, [row!.id]);
        return row!.id;
      });
      user = await findUser(db, 'id', id);
    }
    if (!user) return { success: true as const, verified: true as const, account_exists: false, data: null };
    return { success: true as const, verified: true as const, account_exists: true, data: await signIn(ctx, db, reply, user, req.body.device_info) };
  });

  app.get('/customers/account_exists', {
    schema: {
      tags: ['auth'], summary: 'Does an account exist for this e-mail or mobile',
      querystring: Type.Object({ email: Type.Optional(EMAIL), mobile: Type.Optional(MOBILE) }),
      response: { 200: Type.Object({ account_exists: Type.Boolean() }) },
    },
  }, async (req) => {
    if (!req.query.email && !req.query.mobile) throw new HttpError(400, 'querystring must have email or mobile');
    const u = req.query.email ? await findUser(db, 'email', req.query.email) : await findUserByMobile(db, req.query.mobile!);
    return { account_exists: Boolean(u) };
  });

  // ---- Google sign-in (form-urlencoded token-client / one-tap response) ----
  app.post('/customers/google_sign_in', {
    schema: {
      tags: ['auth'],
      summary: 'Google sign-in. Google is unreachable here: accepts a DEVELOPMENT credential (issuer https://accounts.haven.localhost/dev-google) from GET /api/v1/dev/google_credential',
      consumes: ['application/x-www-form-urlencoded', 'application/json'],
      body: Type.Object({
        credential: Type.Optional(Type.String({ minLength: 1, maxLength: 8000 })), access_token: Type.Optional(Type.String({ minLength: 1, maxLength: 8000 })),
        select_by: Type.Optional(Type.String()), scope: Type.Optional(Type.String()), token_type: Type.Optional(Type.String()),
        expires_in: Type.Optional(Type.String()), platform: Type.Optional(Type.String()), usertype: Type.Optional(Type.String()),
      }, { additionalProperties: true, description: 'plus any fixed extra fields the client sends' }),
      response: { 200: DataUser },
    },
  }, async (req, reply) => {
    const token = req.body.credential ?? req.body.access_token;
    if (!token) throw new HttpError(400, 'body must have credential or access_token');
    let claims;
    try {
      claims = await verifyJwt(ctx.secret, token, DEV_GOOGLE_ISSUER);
    } catch {
      throw unprocessable('Google login failed, please contact the support team for more details', { errors: ['Google credential could not be verified (only development credentials are accepted locally)'] });
    }
    const email = String(claims.email ?? '').toLowerCase();
    if (!email || claims.email_verified === false) throw unprocessable('Google account has no verified e-mail');
    let user = await findUser(db, 'email', email);
    if (!user) {
      await db.tx(async (q) => {
        const [row] = await q.query<{ id: number }>(`INSERT INTO users (firebaseid, email, first_name, last_name, is_verified) VALUES ($1, $2, $3, $4, true) RETURNING id`,
          [randomToken(14), email, String(claims.given_name ?? ''), String(claims.family_name ?? '')]);
        await q.query(`INSERT INTO consents (user_id) VALUES ($1)`, [row!.id]);
      });
      user = await findUser(db, 'email', email);
    }
    return { data: await signIn(ctx, db, reply, user!) };
  });

  // ---- logout (product) ----
  app.delete('/customers/logout', {
    config: { auth: true },
    schema: {
      tags: ['auth'], summary: 'Log out this device, or every device with remove_all=true (those then answer 403 is_device_logged_out)',
      querystring: Type.Object({ remove_all: Type.Optional(Type.Boolean()) }),
      response: { 200: Type.Object({ success: Type.Literal(true), removed_all: Type.Boolean() }) },
    },
  }, async (req) => {
    if (req.query.remove_all) await revokeAll(db, req.user.id, 'remove_all');
    else await revokeClient(db, req.authCheck!.row.token_id, 'logout');
    return { success: true as const, removed_all: Boolean(req.query.remove_all) };
  });

  // ---- partner and token sign-ins ----
  const PartnerBody = Type.Object({ jwt_token: Type.String({ minLength: 1, maxLength: 8000 }), company_profile_uuid: Uuid });
  app.post('/b2b_link', {
    schema: { tags: ['partner'], summary: 'B2B link sign-in with a partner-signed JWT', body: PartnerBody, response: { 200: DataUser } },
  }, async (req, reply) => {
    const user = await verifyPartnerJwt(ctx, req.body.company_profile_uuid, req.body.jwt_token, 'Error authenticating user. Please provide a valid token.');
    return { data: await signIn(ctx, db, reply, user) };
  });
  app.post('/customers/partner_sessions', {
    schema: { tags: ['partner'], summary: 'Partner session sign-in with a partner-signed JWT', body: PartnerBody, response: { 200: DataUser } },
  }, async (req, reply) => {
    const user = await verifyPartnerJwt(ctx, req.body.company_profile_uuid, req.body.jwt_token, 'Invalid auth token');
    return { data: await signIn(ctx, db, reply, user) };
  });

  const PartnerMeta = Type.Object({
    company_profile: Type.Object({ name: Type.String(), uuid: Type.String(), short_code: Nullable(Type.String()) }),
    feature_flags: Type.Object({ show_card_dashboard: Type.Boolean() }),
  });
  const orgByUuid = async (id: string) => {
    const org = (await db.query<{ name: string; uuid: string; short_code: string | null; show_card_dashboard: boolean; totp_secret: string }>(
      `SELECT name, uuid::text, short_code, show_card_dashboard, totp_secret FROM organisations WHERE uuid::text = $1 OR short_code = $1`, [id]))[0];
    if (!org) throw notFound(`Unknown organisation integration ${id}`);
    return org;
  };
  const metaOf = (o: Awaited<ReturnType<typeof orgByUuid>>) => ({
    company_profile: { name: o.name, uuid: o.uuid, short_code: o.short_code }, feature_flags: { show_card_dashboard: o.show_card_dashboard },
  });
  const OrgParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, description: 'organisation uuid or short_code' }) });
  app.post('/customers/organisations_integration/:id/verify_totp_code', {
    schema: {
      tags: ['partner'], summary: 'Verify the partner one-time (TOTP) code; wrong code: 422 "Invalid verification code"',
      params: OrgParams, body: Type.Object({ code: Type.String({ pattern: '^[0-9]{6}$' }) }),
      response: { 200: Type.Object({ success: Type.Literal(true), data: PartnerMeta }) },
    },
  }, async (req) => {
    const org = await orgByUuid(req.params.id);
    if (!verifyTotp(org.totp_secret, req.body.code)) throw unprocessable('Invalid verification code');
    return { success: true as const, data: metaOf(org) };
  });
  app.get('/customers/organisations_integration/:id/meta_info', {
    schema: { tags: ['partner'], summary: 'Partner meta info', params: OrgParams, response: { 200: Type.Object({ data: PartnerMeta }) } },
  }, async (req) => ({ data: metaOf(await orgByUuid(req.params.id)) }));

  app.post('/customers/kli/auto_login', {
    schema: {
      tags: ['partner'], summary: 'kli auto-login by CRN; unknown CRN: 422',
      body: Type.Object({ crn: Type.String({ minLength: 1, maxLength: 64 }) }), response: { 200: DataUser },
    },
  }, async (req, reply) => {
    const user = await findUser(db, 'crn', req.body.crn);
    if (!user) throw unprocessable(`No customer with CRN ${req.body.crn}`);
    return { data: await signIn(ctx, db, reply, user) };
  });

  app.post('/customers/decode_token', {
    schema: {
      tags: ['auth'], summary: 'Decode an app token (header jwt-token): signs in and answers the user; a secondary-profile token comes back in the secondary-profile-access-token header',
      headers: Type.Object({ 'jwt-token': Type.String({ minLength: 1, maxLength: 8000 }) }),
      response: { 200: Type.Object({ success: Type.Literal(true), user: User }) },
    },
  }, async (req, reply) => {
    let claims;
    try {
      claims = await verifyJwt(ctx.secret, req.headers['jwt-token'], APP_TOKEN_ISSUER);
    } catch {
      throw new HttpError(401, 'Invalid auth token');
    }
    const user = claims.sub ? await findUser(db, 'uuid', claims.sub) : undefined;
    if (!user || user.parent_user_id !== null) throw new HttpError(401, 'Invalid auth token');
    if (typeof claims.secondary_profile_uuid === 'string') {
      const prof = await findUser(db, 'uuid', claims.secondary_profile_uuid);
      if (prof?.parent_user_id === user.id) reply.header('secondary-profile-access-token', await secondaryProfileToken(ctx, prof));
    }
    return { success: true as const, user: await signIn(ctx, db, reply, user) };
  });

  app.post('/customers/profiles/:uuid/session', {
    config: { auth: true },
    schema: {
      tags: ['profiles'], summary: 'Start acting as one of my profiles: answers its secondary-profile-access-token header',
      params: Type.Object({ uuid: Uuid }), response: { 200: Type.Object({ success: Type.Literal(true), data: User }) },
    },
  }, async (req, reply) => {
    const prof = await findUser(db, 'uuid', req.params.uuid);
    if (!prof || (prof.id !== req.user.id && prof.parent_user_id !== req.user.id)) throw notFound(`No profile ${req.params.uuid}`);
    if (prof.parent_user_id !== null) reply.header('secondary-profile-access-token', await secondaryProfileToken(ctx, prof));
    return { success: true as const, data: await serializeUser(ctx, prof) };
  });
  app.delete('/customers/profile_session', {
    config: { auth: true },
    schema: { tags: ['profiles'], summary: 'End the secondary-profile session (back to the primary profile)', response: { 200: Success } },
  }, async () => ({ success: true }));

}
