// Credentials: devise_token_auth routes under /api/v1/auth, plus the product's other sign-in paths
// (one-time codes, Google, partner links, kli auto-login, app tokens) and logout.
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import type { JWTPayload } from 'jose';
import { HttpError, notFound, unprocessable, type App, type Ctx } from '../lib/http.js';
import { Nullable, Success, User, Uuid } from '../lib/schemas.js';
import { createClient, deleteClient, checkCredentials, revokeAllBut, revokeClient, setCredentialHeaders } from '../auth/credentials.js';
import { dummyPasswordHash, hashPassword, randomToken, verifyPassword } from '../auth/passwords.js';
import {
  createUser, endSessionsEverywhere, findUser, findUserByCrn, findUserByDestination, findUserByPhone, normaliseEmail, normalisePhone,
  proveDestination, revokeRealtimeTokens, serializeUser, type Destination, type UserRow,
} from '../lib/users.js';
import { verifyJwt } from '../auth/firebase.js';
import { deliver } from '../lib/outbox.js';
import { verifyTotp } from '../lib/totp.js';
import { limitsOf } from '../lib/limits.js';
import {
  acceptPartnerJwt, consumeCode, consumeResetToken, issueCode, issueResetToken, partnerProof, signUpVerificationToken, verifyProof,
} from '../auth/proofs.js';
import { resetRedirectAllowed } from '../config/redirects.js';
import type { Queryable } from '../db/index.js';
import { HANDOFF_PURPOSE, KLI_PURPOSE, linkHandoffSession, revokeLinkedSessions } from './partner.js';
import { signInWithIdentity } from './identity-links.js';

export const DEV_GOOGLE_ISSUER = 'https://accounts.haven.localhost/dev-google';
export const APP_TOKEN_ISSUER = 'haven-api/app-token';
export const SECONDARY_ISSUER = 'haven-api/secondary-profile';
const EMAIL = Type.String({ format: 'email', maxLength: 254 });
const PASSWORD = Type.String({ minLength: 8, maxLength: 128 });
const MOBILE = Type.String({ pattern: '^[0-9]{6,14}$', description: 'national number, digits only (a trunk 0 is understood); with country_code it is one E.164 number' });
const COUNTRY_CODE = Type.String({ pattern: '^[0-9]{1,4}$', description: 'calling code without +; default 91' });
const DEFAULT_RESET_REDIRECT = 'http://localhost:3000/set-password';
const DataUser = Type.Object({ data: User });

export async function signIn(ctx: Ctx, q: Queryable, reply: FastifyReply, user: UserRow, deviceInfo?: unknown) {
  const creds = await createClient(q, user, deviceInfo, (ctx.clock ?? Date.now)());
  setCredentialHeaders(reply, creds);
  return serializeUser(ctx, user);
}

export async function secondaryProfileToken(ctx: Ctx, profile: UserRow) {
  return new (await import('jose')).SignJWT({ parent: profile.parent_user_id })
    .setProtectedHeader({ alg: 'HS256' }).setIssuer(SECONDARY_ISSUER).setSubject(profile.uuid).setIssuedAt().setExpirationTime('30d')
    .sign(new TextEncoder().encode(ctx.secret));
}

/** Header carrying the partner proof that verify_totp_code answers (bound to one organisation). */
export const PARTNER_PROOF_HEADER = 'partner-proof';
export const INVALID_PARTNER_CODE = 'Invalid verification code';

interface PartnerOrg { id: number; uuid: string; partner_secret: string; name: string }
async function partnerOrg(ctx: Ctx, companyUuid: string): Promise<PartnerOrg> {
  const org = (await ctx.db.query<PartnerOrg>(`SELECT id, uuid::text, partner_secret, name FROM organisations WHERE uuid::text = $1`, [companyUuid]))[0];
  if (!org) throw notFound(`Unknown company_profile_uuid ${companyUuid}`);
  return org;
}

/** The organisation uuid a request's partner proof was issued for, or null. */
export async function provenPartner(ctx: Ctx, headers: Record<string, unknown>): Promise<string | null> {
  const h = headers[PARTNER_PROOF_HEADER];
  return verifyProof(ctx.secret, 'partner', typeof h === 'string' ? h : undefined);
}

/** What a partner JWT is taken for: its `purpose` claim names it (none: a partner's sign-in link by e-mail). */
type PartnerJwtUse = 'b2b_link' | 'partner_session';

/**
 * A hand-off token is void once the session that minted it has ended (logout, sign-out, remove_all):
 * it must still be live and be the named person's.
 */
async function handoffSessionLive(q: Queryable, claims: JWTPayload): Promise<boolean> {
  if (typeof claims.session_link !== 'string' || !claims.session_link || typeof claims.email !== 'string') return false;
  const rows = await q.query(
    `SELECT 1 FROM auth_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.session_link = $1 AND t.revoked_at IS NULL AND u.email = $2 LIMIT 1`, [claims.session_link, normaliseEmail(claims.email)]);
  return rows.length > 0;
}

async function verifyPartnerJwt(ctx: Ctx, ip: string, companyUuid: string, jwt: string, message: string, use: PartnerJwtUse) {
  const limits = limitsOf(ctx);
  const org = await partnerOrg(ctx, companyUuid);
  const { claims, email, found } = await limits.attempt([['partner_token', ip]], async () => {
    // A kli link names a CRN, not an e-mail, and signs in only through kli auto-login; a hand-off only through b2b_link.
    const c = await acceptPartnerJwt(ctx.db, org, jwt, (x) =>
      x.purpose === undefined ? true : use === 'b2b_link' && x.purpose === HANDOFF_PURPOSE ? handoffSessionLive(ctx.db, x) : false);
    const e = c && typeof c.email === 'string' ? normaliseEmail(c.email) : undefined;
    const u = e ? await findUser(ctx.db, 'email', e) : undefined;
    if (!c || !e || (u && u.organisation_id !== org.id)) throw unprocessable(message);
    return { claims: c, email: e, found: u };
  });
  let user = found;
  // A partner's employee arriving for the first time gets an account in that organisation; the
  // partner vouches for the e-mail.
  user ??= await createUser(ctx.db, {
    usertype: 'employee', email, firstName: String(claims.first_name ?? ''), lastName: String(claims.last_name ?? ''), organisationId: org.id, emailProven: true,
  }, randomToken(14));
  return { user, org, claims };
}

export async function authRoutes(app: App) {
  const { ctx } = app;
  const db = ctx.db;
  // Ready before the first unknown e-mail signs in, so that one takes no longer than the rest.
  await dummyPasswordHash();

  // ---- devise_token_auth ----
  app.post('/auth', {
    schema: {
      tags: ['auth'], summary: 'Sign up (devise_token_auth registration)',
      body: Type.Object({
        email: EMAIL, password: PASSWORD, password_confirmation: Type.Optional(Type.String()),
        first_name: Type.Optional(Type.String({ maxLength: 100 })), last_name: Type.Optional(Type.String({ maxLength: 100 })),
        mobile: Type.Optional(MOBILE), country_code: Type.Optional(COUNTRY_CODE),
        confirm_success_url: Type.Optional(Type.String()),
        verification_token: Type.Optional(Type.String({
          minLength: 1, maxLength: 2000, description: 'from POST /otp/verify for a destination with no account: that e-mail or mobile is created as proven',
        })),
      }),
      response: { 200: Type.Object({ status: Type.Literal('success'), data: User }) },
    },
  }, async (req, reply) => {
    const b = req.body;
    if (b.password_confirmation !== undefined && b.password_confirmation !== b.password) throw unprocessable("Password confirmation doesn't match Password");
    const email = normaliseEmail(b.email);
    const phone = b.mobile ? normalisePhone(b.country_code, b.mobile) : null;
    // Every sign-up is counted per client address: each answer says whether an address is taken.
    await limitsOf(ctx).take('sign_up_address', req.ip);
    // A verification token proves the one destination it was issued for (the code was already entered).
    // Checked before any lookup: a bogus token gets the same answer whether or not an account exists.
    const proven = await verifyProof(ctx.secret, 'sign-up', b.verification_token);
    if (b.verification_token !== undefined && proven !== email && proven !== phone?.e164) {
      throw unprocessable('Verification token is invalid or has expired; verify the e-mail or mobile again');
    }
    if (await findUser(db, 'email', email)) throw unprocessable('Email has already been taken');
    if (phone && (await findUserByPhone(db, phone))) throw unprocessable('Mobile has already been taken');
    const hash = await hashPassword(b.password);
    const data = await db.tx(async (q) => {
      const u = await createUser(q, {
        email, phone, firstName: b.first_name, lastName: b.last_name, passwordHash: hash, emailProven: proven === email, mobileProven: proven !== null && proven === phone?.e164,
      }, randomToken(14));
      return signIn(ctx, q, reply, u);
    });
    return { status: 'success' as const, data };
  });

  app.post('/auth/sign_in', {
    schema: {
      tags: ['auth'], summary: 'E-mail + password sign-in (devise_token_auth)',
      body: Type.Object({ email: EMAIL, password: Type.String({ minLength: 1, maxLength: 128 }), device_info: Type.Optional(Type.Unknown()) }),
      response: { 200: DataUser },
    },
  }, async (req, reply) => {
    const limits = limitsOf(ctx);
    const email = normaliseEmail(req.body.email);
    // Failures lock the e-mail + client address pair, and the e-mail for strangers only: an address this
    // account signed in from before is not held by failures from elsewhere (known e-mail or not, so a
    // refusal tells nothing). Nobody's failures refuse another person's right password.
    const known = await limits.knownAddress(email, req.ip);
    const pair = `${email} ${req.ip}`;
    const user = await limits.attempt([], async () => {
      const found = await findUser(db, 'email', email);
      // Unknown e-mails hash too (a dummy), so both answers take the same time.
      const ok = await verifyPassword(req.body.password, found?.password_hash ?? (await dummyPasswordHash()));
      if (!found || !ok) throw new HttpError(401, 'Invalid login credentials. Please try again.');
      return found;
    }, { lockouts: known ? [pair] : [pair, email] });
    await limits.rememberAddress(email, req.ip);
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
      check = await checkCredentials(db, { token: h['access-token'], client: h.client, uid: h.uid }, (ctx.clock ?? Date.now)());
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
    const email = normaliseEmail(req.body.email);
    const redirect = req.body.redirect_url ?? DEFAULT_RESET_REDIRECT;
    if (!resetRedirectAllowed(redirect)) throw unprocessable(`redirect_url ${redirect} is not an allowed address for reset links`);
    const limits = limitsOf(ctx);
    await limits.take('forgot_password_address', req.ip);
    await limits.take('forgot_password_email', email);
    // The same answer whether or not the address has an account; the e-mail itself is written after
    // the answer (as a mail queue would), so the time does not tell either.
    setImmediate(() => {
      void (async () => {
        const user = await findUser(db, 'email', email);
        if (!user) return;
        const token = await issueResetToken(db, user.id);
        const link = `${redirect}${redirect.includes('?') ? '&' : '?'}reset_password_token=${token}`;
        await deliver(db, { channel: 'email', to: email, subject: 'Reset password instructions', body: `Reset your password: ${link}`, code: token });
      })().catch((e: unknown) => req.log.error({ err: e }, 'reset e-mail not written'));
    });
    return { success: true as const, message: `If an account exists for ${email}, we have sent a link to reset your password.` };
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
    const hash = await hashPassword(b.password);
    let data;
    const limits = limitsOf(ctx);
    if (b.reset_password_token) {
      const userId = await consumeResetToken(db, b.reset_password_token);
      const holder = userId === null ? undefined : await findUser(db, 'id', userId);
      if (!holder?.email) throw unprocessable('Reset password token is invalid or has expired');
      // The link proved the e-mail, with the same rules as a code: an account whose other channel
      // someone else proved does not become the link holder's.
      const user = await proveDestination(db, holder, { kind: 'email', value: holder.email });
      if (!user) throw unprocessable('This e-mail address is no longer on that account. Please sign up.');
      // Every device (and realtime session) of the old password ends, and a sign-in lock is over.
      await db.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [user.id, hash]);
      await endSessionsEverywhere(db, user.id, 'password_reset');
      await limits.succeeded(holder.email);
      data = await signIn(ctx, db, reply, user);
    } else {
      await app.authenticate(req);
      const user = req.user;
      // The current password is a secret checked here too: wrong ones count towards the same lock.
      // The current password is a secret checked here too, per account (not towards the sign-in lock,
      // which a stolen session could otherwise set on its owner).
      const hash0 = user.password_hash;
      if (hash0) {
        await limits.attempt([['current_password_user', String(user.id)]], async () => {
          if (!(await verifyPassword(b.current_password ?? '', hash0))) throw unprocessable('Current password is invalid');
        });
      }
      await db.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [user.id, hash]);
      // Every other device ends (403 is_device_logged_out); this one carries on.
      await revokeAllBut(db, user.id, req.authCheck!.row.token_id, 'password_changed');
      // The realtime database's refresh tokens of the old password end too; this device gets a new fb_token below.
      await revokeRealtimeTokens(db, user.id);
      data = await serializeUser(ctx, user);
    }
    return { success: true as const, data, message: 'Your password has been successfully updated.' };
  });

  // ---- one-time codes (SMS, WhatsApp, e-mail) ----
  const OtpTarget = {
    channel: Type.Union([Type.Literal('sms'), Type.Literal('whatsapp'), Type.Literal('email')]),
    mobile: Type.Optional(MOBILE), country_code: Type.Optional(COUNTRY_CODE), email: Type.Optional(EMAIL),
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
  app.post('/otp/send', {
    schema: {
      tags: ['auth'], summary: 'Send a one-time code by SMS, WhatsApp or e-mail (development: to the outbox)',
      body: Type.Object(OtpTarget), response: { 200: Type.Object({ success: Type.Literal(true), message: Type.String(), expires_in: Type.Integer() }) },
    },
  }, async (req) => {
    const to = destinationOf(req.body).value;
    const limits = limitsOf(ctx);
    // Per destination and channel (an SMS inbox and a WhatsApp chat are two destinations), and per address.
    await limits.takeAll([['otp_send_address', req.ip], ['otp_send_destination', `${req.body.channel}:${to}`]]);
    await db.tx(async (q) => {
      const code = await issueCode(q, 'sign-in', req.body.channel, to);
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
      response: {
        200: Type.Object({
          success: Type.Literal(true), verified: Type.Literal(true), account_exists: Type.Boolean(), data: Nullable(User),
          verification_token: Type.Optional(Type.String({ description: 'no account: a 15-minute proof of this destination for POST /auth (purpose sign-up)' })),
        }),
      },
    },
  }, async (req, reply) => {
    const d = destinationOf(req.body);
    const limits = limitsOf(ctx);
    await limits.attempt([['otp_wrong_destination', d.value]], async () => {
      if ((await consumeCode(db, 'sign-in', d.value, req.body.code)) !== 'ok') throw unprocessable('Invalid verification code');
    });
    const found = await findUserByDestination(db, d);
    let user = found ? await proveDestination(db, found, d) : undefined;
    if (!user && req.body.create_account) {
      const b = req.body;
      user = await createUser(db, {
        email: d.kind === 'email' ? d.value : null, phone: d.kind === 'phone' ? d.phone : null, firstName: b.first_name, lastName: b.last_name,
        emailProven: d.kind === 'email', mobileProven: d.kind === 'phone',
      }, randomToken(14));
    }
    if (!user) {
      return { success: true as const, verified: true as const, account_exists: false, data: null, verification_token: await signUpVerificationToken(ctx.secret, d.value) };
    }
    return { success: true as const, verified: true as const, account_exists: true, data: await signIn(ctx, db, reply, user, req.body.device_info) };
  });

  app.get('/customers/account_exists', {
    schema: {
      tags: ['auth'], summary: 'Does an account exist for this e-mail or mobile',
      querystring: Type.Object({ email: Type.Optional(EMAIL), mobile: Type.Optional(MOBILE), country_code: Type.Optional(COUNTRY_CODE) }),
      response: { 200: Type.Object({ account_exists: Type.Boolean() }) },
    },
  }, async (req) => {
    const { email, mobile, country_code } = req.query;
    if (!email && !mobile) throw new HttpError(400, 'querystring must have email or mobile');
    if (!email && !country_code) throw new HttpError(400, 'querystring/country_code is required with mobile (the full number)');
    await limitsOf(ctx).take('account_exists', req.ip);
    const u = email ? await findUser(db, 'email', email) : await findUserByPhone(db, normalisePhone(country_code, mobile!));
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
    // A refused credential counts against the client address, as for Apple and Facebook (routes/signin.ts).
    const limits = limitsOf(ctx);
    const { claims, email, subject } = await limits.attempt([['social_sign_in_failed_address', req.ip]], async () => {
      let c;
      try {
        c = await verifyJwt(ctx.secret, token, DEV_GOOGLE_ISSUER);
      } catch {
        throw unprocessable('Google login failed, please contact the support team for more details', { errors: ['Google credential could not be verified (only development credentials are accepted locally)'] });
      }
      const e = String(c.email ?? '').toLowerCase();
      if (!e || c.email_verified === false) throw unprocessable('Google account has no verified e-mail');
      const sub = typeof c.sub === 'string' && c.sub ? c.sub : undefined;
      if (!sub) throw unprocessable('Google login failed, please contact the support team for more details', { errors: ['Google credential names no person (sub)'] });
      return { claims: c, email: e, subject: sub };
    });
    // The account linked to this Google person, or a new one; an account already holding the e-mail is
    // linked only once its owner proves it (409 link_required, routes/identity-links.ts).
    return { data: await signInWithIdentity(ctx, reply, { email, firstName: String(claims.given_name ?? ''), lastName: String(claims.family_name ?? '') }, { provider: 'google', subject }) };
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
    if (req.query.remove_all) await endSessionsEverywhere(db, req.user.id, 'remove_all');
    else {
      await revokeClient(db, req.authCheck!.row.token_id, 'logout');
      await revokeLinkedSessions(db, req.authCheck!.row.token_id, 'logout (linked session)');
    }
    return { success: true as const, removed_all: Boolean(req.query.remove_all) };
  });

  // ---- partner and token sign-ins ----
  const PartnerBody = Type.Object({ jwt_token: Type.String({ minLength: 1, maxLength: 8000 }), company_profile_uuid: Uuid });
  app.post('/b2b_link', {
    schema: { tags: ['partner'], summary: 'B2B link sign-in with a partner-signed JWT', body: PartnerBody, response: { 200: DataUser } },
  }, async (req, reply) => {
    const { user, claims } = await verifyPartnerJwt(ctx, req.ip, req.body.company_profile_uuid, req.body.jwt_token, 'Error authenticating user. Please provide a valid token.', 'b2b_link');
    const data = await signIn(ctx, db, reply, user);
    await linkHandoffSession(db, claims, reply, user.id);
    return { data };
  });
  app.post('/customers/partner_sessions', {
    schema: {
      tags: ['partner'], summary: `Partner session sign-in with a partner-signed JWT and the ${PARTNER_PROOF_HEADER} header of that organisation (from verify_totp_code)`,
      body: PartnerBody, response: { 200: DataUser },
    },
  }, async (req, reply) => {
    if ((await provenPartner(ctx, req.headers)) !== req.body.company_profile_uuid.toLowerCase()) {
      await limitsOf(ctx).take('partner_token', req.ip);
      throw unprocessable('Invalid auth token', { errors: [`Verify the partner code first (${PARTNER_PROOF_HEADER} header)`] });
    }
    const { user } = await verifyPartnerJwt(ctx, req.ip, req.body.company_profile_uuid, req.body.jwt_token, 'Invalid auth token', 'partner_session');
    return { data: await signIn(ctx, db, reply, user) };
  });

  const PartnerMeta = Type.Object({
    company_profile: Type.Object({ name: Type.String(), uuid: Type.String(), short_code: Nullable(Type.String()) }),
    feature_flags: Type.Object({ show_card_dashboard: Type.Boolean() }),
  });
  const orgByUuid = async (id: string) => {
    const org = (await db.query<{ id: number; name: string; uuid: string; short_code: string | null; show_card_dashboard: boolean; totp_secret: string }>(
      `SELECT id, name, uuid::text, short_code, show_card_dashboard, totp_secret FROM organisations WHERE uuid::text = $1 OR short_code = $1`, [id.toLowerCase()]))[0];
    if (!org) throw notFound(`Unknown organisation integration ${id}`);
    return org;
  };
  const metaOf = (o: Awaited<ReturnType<typeof orgByUuid>>) => ({
    company_profile: { name: o.name, uuid: o.uuid, short_code: o.short_code }, feature_flags: { show_card_dashboard: o.show_card_dashboard },
  });
  const OrgParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, description: 'organisation uuid or short_code' }) });
  app.post('/customers/organisations_integration/:id/verify_totp_code', {
    schema: {
      tags: ['partner'], summary: 'Verify the partner one-time (TOTP) code; wrong code: 503 "Invalid verification code" (as the spec\'s backend answers; no Retry-After)',
      params: OrgParams, body: Type.Object({ code: Type.String({ pattern: '^[0-9]{6}$' }) }),
      response: {
        200: Type.Object({
          success: Type.Literal(true), data: PartnerMeta,
          partner_proof: Type.String({ description: `${PARTNER_PROOF_HEADER} header for meta_info, kli auto-login and partner sessions of this organisation (30 minutes)` }),
        }),
      },
    },
  }, async (req) => {
    const org = await orgByUuid(req.params.id);
    const limits = limitsOf(ctx);
    const key = `${org.uuid}:${req.ip}`;
    await limits.attempt([['partner_code', key]], async () => {
      // Spec §8 / DESIGN "Three kinds of no": the backend answers a wrong partner code with 503.
      if (!verifyTotp(org.totp_secret, req.body.code)) throw new HttpError(503, INVALID_PARTNER_CODE, { code: 'invalid_verification_code' });
    });
    return { success: true as const, data: metaOf(org), partner_proof: await partnerProof(ctx.secret, org.uuid) };
  });
  app.get('/customers/organisations_integration/:id/meta_info', {
    schema: {
      tags: ['partner'], summary: `Partner meta info: for the ${PARTNER_PROOF_HEADER} header of this organisation, or signed in as one of its members; else 403`,
      params: OrgParams, response: { 200: Type.Object({ data: PartnerMeta }) },
    },
  }, async (req) => {
    const org = await orgByUuid(req.params.id);
    if ((await provenPartner(ctx, req.headers)) !== org.uuid) {
      let member = false;
      try {
        await app.authenticate(req);
        member = req.user.organisation_id === org.id;
      } catch {
        member = false;
      }
      // 403, not 401: a stranger here has no session to lose (the web client logs out on any 401).
      if (!member) throw new HttpError(403, `Verify the partner code first (${PARTNER_PROOF_HEADER} header) or sign in as a member of this organisation`);
    }
    return { data: metaOf(org) };
  });

  app.post('/customers/kli/auto_login', {
    schema: {
      tags: ['partner'],
      summary: `kli auto-login: the ${PARTNER_PROOF_HEADER} header of the organisation and its partner-signed kli link (jwt_token: purpose ${KLI_PURPOSE}, the crn it names, single-use, at most 5 minutes). A CRN alone is an identifier, never a secret: no proof, no link, a link for another CRN, a used link, an unknown CRN or another organisation's CRN all answer the same 422`,
      body: Type.Object({
        crn: Type.String({ minLength: 1, maxLength: 64 }),
        jwt_token: Type.Optional(Type.String({ minLength: 1, maxLength: 8000, description: 'the partner-signed kli link (the auth_token of the partner\'s CRNID link)' })),
      }),
      response: { 200: DataUser },
    },
  }, async (req, reply) => {
    const limits = limitsOf(ctx);
    const { crn, jwt_token: jwt } = req.body;
    const user = await limits.attempt([['crn', req.ip]], async () => {
      const orgUuid = await provenPartner(ctx, req.headers);
      const org = orgUuid ? await partnerOrg(ctx, orgUuid) : undefined;
      // The partner vouches for exactly one employee, once: the link names the CRN and is used up here.
      const claims = org && jwt ? await acceptPartnerJwt(db, org, jwt, (c) => c.purpose === KLI_PURPOSE && c.crn === crn) : null;
      const found = org && claims ? await findUserByCrn(db, crn, org.id) : undefined;
      if (!found) throw unprocessable('Unable to log in with this CRN');
      return found;
    });
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
