// Every way in ends in signIn: a password, a one-time code, a password-reset link, Google, Apple,
// Facebook, an employer's SSO, a partner's JWT, a kli link, an app token. Each function here checks one
// way's proof (the attempt reserved before the secret is compared) and answers the account to sign in
// to; signIn then gives that device its credentials and answers the user with their realtime token.
// Routes only wire requests to these.
import type { JWTPayload } from 'jose';
import { HttpError, notFound, unprocessable, type Ctx, type AnswerHeaders } from '../core/http.js';
import { limitsOf } from '../core/limits.js';
import { deliver } from '../core/outbox.js';
import { verifyTotp } from '../core/totp.js';
import type { Queryable } from '../db/index.js';
import {
  createUser,
  type NewUser,
  findUser,
  findUserByCrn,
  findUserByDestination,
  findUserByPhone,
  normaliseEmail,
  normalisePhone,
  serializeUser,
  type Destination,
  type UserRow,
} from './accounts.js';
import { findLinkedUser, recordLink, type LinkProvider } from './linked-accounts.js';
import {
  createClient,
  endSessionsEverywhere,
  handoffSessionLive,
  linkHandoffSession,
  revokeAll,
  revokeAllBut,
  revokeRealtimeTokens,
  setCredentialHeaders,
} from './sessions.js';
import { dummyPasswordHash, hashPassword, randomToken, verifyPassword } from './passwords.js';
import { claimOnce, consumeCode, consumeResetToken, issueCode, issueResetToken } from './proofs.js';
import {
  acceptPartnerJwt,
  HANDOFF_PURPOSE,
  KLI_PURPOSE,
  partnerProof,
  realtimeToken,
  secondaryProfileToken,
  type ProfileTokenSession,
  signProof,
  signUpVerificationToken,
  signPartnerJwt,
  verifyAppToken,
  verifyProof,
  verifyProofClaims,
} from './tokens.js';
import { verifyGoogleIdToken } from './google.js';
import { countsAsFailedAttempt } from './provider-reach.js';
import { googleConfig } from '../core/config.js';
import { PROOF_TTL_S } from '../config/limits.js';
import { useCode as spendCode } from './account-codes.js';
import { accountLinkCode, resetPasswordLink, signInCode, unprovenPasswordRemoved } from '../messages/index.js';

/** The user as answered, with their realtime sign-in (fb_token). */
export async function answerUser(ctx: Ctx, u: UserRow) {
  return serializeUser(ctx, u, await realtimeToken(ctx, u));
}

/** The one end of every way in: new credentials for this device (response headers), and the user. */
export async function signIn(ctx: Ctx, q: Queryable, reply: AnswerHeaders, user: UserRow, deviceInfo?: unknown) {
  await startSession(ctx, q, reply, user, deviceInfo);
  return answerUser(ctx, user);
}
/** A new device session for `user`, its credentials in the answer's headers; its auth_tokens row id. */
async function startSession(ctx: Ctx, q: Queryable, reply: AnswerHeaders, user: UserRow, deviceInfo?: unknown): Promise<number> {
  const creds = await createClient(q, user, deviceInfo, (ctx.clock ?? Date.now)());
  setCredentialHeaders(reply, creds);
  return creds.tokenId;
}

// ---- proving a destination (a code, a reset link) ----

const isProven = (u: UserRow, kind: Destination['kind']) => (kind === 'email' ? u.email_verified_at : u.mobile_verified_at) !== null;

/**
 * Someone just proved `d` (a code, Google) and `user` holds it. The account to sign in to, or
 * undefined when it is not theirs:
 * - `d` already proven on the account: that account.
 * - the account's other channel is proven, this one is not: the unproven claim on `d` is removed from
 *   that account (someone else's), and the prover has no account yet.
 * - nothing on the account is proven (a squatted sign-up): the prover owns it now; a password set by
 *   whoever never proved `d` is cleared, its sessions end, and the owner is told at `d`.
 */
export async function proveDestination(q: Queryable, user: UserRow, d: Destination): Promise<UserRow | undefined> {
  if (isProven(user, d.kind)) return user;
  const other: Destination['kind'] = d.kind === 'email' ? 'phone' : 'email';
  if (isProven(user, other)) {
    await q.query(d.kind === 'email' ? `UPDATE users SET email = NULL WHERE id = $1` : `UPDATE users SET mobile = NULL WHERE id = $1`, [
      user.id,
    ]);
    await revokeAll(q, user.id, 'identifier_removed');
    return undefined;
  }
  await q.query(
    `UPDATE users SET ${d.kind === 'email' ? 'email_verified_at' : 'mobile_verified_at'} = now(), is_verified = true, password_hash = NULL WHERE id = $1`,
    [user.id],
  );
  if (user.password_hash !== null) {
    await endSessionsEverywhere(q, user.id, 'unproven_password_cleared');
    await deliver(q, { channel: d.kind === 'email' ? 'email' : 'sms', to: d.value, ...unprovenPasswordRemoved(d.value, d.kind) });
  }
  return (await findUser(q, 'id', user.id))!;
}

// ---- sign-up and passwords ----

export interface SignUpBody {
  email: string;
  password: string;
  first_name?: string;
  last_name?: string;
  mobile?: string;
  country_code?: string;
  /** The one-time code POST /otp/send sent to `email`: proves the e-mail. */
  code?: string;
  verification_token?: string;
  /** The referral link's code the visit came through: the new account counts for its owner. */
  referral_code?: string;
}

/** A sign-up with no proof of its e-mail or mobile: the same words whether or not an account exists. */
export const SIGN_UP_CODE_REQUIRED = 'Enter the code we sent to your e-mail to create your account';

/**
 * A new account with a password (and signed in). It records only what someone proved: the code sent to
 * the e-mail, or a verification token of the e-mail or mobile (a code entered on the log-in page).
 */
export async function signUp(ctx: Ctx, ip: string, reply: AnswerHeaders, b: SignUpBody) {
  const db = ctx.db;
  const email = normaliseEmail(b.email);
  const phone = b.mobile ? normalisePhone(b.country_code, b.mobile) : null;
  // Every sign-up is counted per client address: each answer says whether an address is taken.
  await limitsOf(ctx).take('sign_up_address', ip);
  // The proof is checked before any lookup: without it, the answer is the same whether or not an
  // account exists.
  let proven: string | null;
  if (b.verification_token !== undefined) {
    // A verification token proves the one destination it was issued for (the code was already entered).
    const claims = await verifyProofClaims(ctx.secret, 'sign-up', b.verification_token);
    proven = claims?.sub ?? null;
    // Single use, taken before any lookup: a token cannot be replayed to ask again and again whether an
    // e-mail or number is taken (each answer would say so).
    if (
      !claims ||
      (proven !== email && proven !== phone?.e164) ||
      !(await claimOnce(db, `sign-up:${String(claims.jti)}`, (claims.exp ?? 0) * 1000))
    ) {
      throw unprocessable('Verification token is invalid or has expired; verify the e-mail or mobile again');
    }
  } else if (b.code !== undefined) {
    // The attempt is reserved against the e-mail's wrong-code limit before the code is compared.
    await spendCode(ctx, 'sign-in', email, b.code);
    proven = email;
  } else {
    throw unprocessable(SIGN_UP_CODE_REQUIRED, { code: 'code_required' });
  }
  if (await findUser(db, 'email', email)) throw unprocessable('Email has already been taken');
  if (phone && (await findUserByPhone(db, phone))) throw unprocessable('Mobile has already been taken');
  const hash = await hashPassword(b.password);
  return db.tx(async (q) => {
    const u = await createUser(
      q,
      {
        email,
        phone,
        firstName: b.first_name,
        lastName: b.last_name,
        passwordHash: hash,
        emailProven: proven === email,
        mobileProven: proven !== null && proven === phone?.e164,
        referralCode: b.referral_code,
      },
      randomToken(14),
    );
    return signIn(ctx, q, reply, u);
  });
}

/** The account whose e-mail and password these are; 401 otherwise. */
export async function passwordAccount(ctx: Ctx, ip: string, rawEmail: string, password: string): Promise<UserRow> {
  const limits = limitsOf(ctx);
  const email = normaliseEmail(rawEmail);
  // Failures lock the e-mail + client address pair, and the e-mail for strangers only: an address this
  // account signed in from before is not held by failures from elsewhere (known e-mail or not, so a
  // refusal tells nothing). Nobody's failures refuse another person's right password.
  const known = await limits.knownAddress(email, ip);
  const pair = `${email} ${ip}`;
  const user = await limits.attempt(
    [],
    async () => {
      const found = await findUser(ctx.db, 'email', email);
      // Unknown e-mails hash too (a dummy), so both answers take the same time.
      const ok = await verifyPassword(password, found?.password_hash ?? (await dummyPasswordHash()));
      if (!found || !ok) throw new HttpError(401, 'Invalid login credentials. Please try again.');
      return found;
    },
    { lockouts: known ? [pair] : [pair, email] },
  );
  await limits.rememberAddress(email, ip);
  return user;
}

/**
 * Writes a reset link to `email` when it has an account. The e-mail is written after the answer (as a
 * mail queue would), so neither the answer nor its time tells whether the address has an account.
 */
export async function requestPasswordReset(
  ctx: Ctx,
  ip: string,
  email: string,
  redirect: string,
  onError: (e: unknown) => void,
): Promise<void> {
  const limits = limitsOf(ctx);
  await limits.take('forgot_password_address', ip);
  await limits.take('forgot_password_email', email);
  setImmediate(() => {
    void (async () => {
      const user = await findUser(ctx.db, 'email', email);
      if (!user) return;
      const token = await issueResetToken(ctx.db, user.id);
      const link = `${redirect}${redirect.includes('?') ? '&' : '?'}reset_password_token=${token}`;
      await deliver(ctx.db, { channel: 'email', to: email, ...resetPasswordLink(link), code: token, validForS: PROOF_TTL_S.resetPassword });
    })().catch(onError);
  });
}

/** A reset link sets the new password (hashed) and signs in; every other session ends. */
export async function resetPasswordSignIn(ctx: Ctx, reply: AnswerHeaders, resetToken: string, hash: string) {
  const db = ctx.db;
  const userId = await consumeResetToken(db, resetToken);
  const holder = userId === null ? undefined : await findUser(db, 'id', userId);
  if (!holder?.email) throw unprocessable('Reset password token is invalid or has expired');
  // The link proved the e-mail, with the same rules as a code: an account whose other channel
  // someone else proved does not become the link holder's.
  const user = await proveDestination(db, holder, { kind: 'email', value: holder.email });
  if (!user) throw unprocessable('This e-mail address is no longer on that account. Please sign up.');
  // Every device (and realtime session) of the old password ends, and a sign-in lock is over.
  await db.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [user.id, hash]);
  await endSessionsEverywhere(db, user.id, 'password_reset');
  await limitsOf(ctx).clearSignInLocks(holder.email);
  return signIn(ctx, db, reply, user);
}

/** A signed-in person changes their password (hashed): this device carries on, every other one ends. */
export async function changePassword(ctx: Ctx, user: UserRow, tokenId: number, currentPassword: string | undefined, hash: string) {
  const db = ctx.db;
  // The current password is a secret checked here too, per account (not towards the sign-in lock,
  // which a stolen session could otherwise set on its owner).
  const hash0 = user.password_hash;
  if (hash0) {
    await limitsOf(ctx).attempt([['current_password_user', String(user.id)]], async () => {
      if (!(await verifyPassword(currentPassword ?? '', hash0))) throw unprocessable('Current password is invalid');
    });
  }
  await db.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [user.id, hash]);
  // Every other device ends (403 is_device_logged_out); this one carries on.
  await revokeAllBut(db, user.id, tokenId, 'password_changed');
  // The realtime database's refresh tokens of the old password end too; this device gets a new fb_token below.
  await revokeRealtimeTokens(db, user.id);
  return answerUser(ctx, user);
}

// ---- one-time codes ----

/** Sends a sign-in code to `to` by `channel` (development: to the outbox). */
export async function sendSignInCode(ctx: Ctx, ip: string, channel: 'sms' | 'whatsapp' | 'email', to: string): Promise<void> {
  // Per destination and channel (an SMS inbox and a WhatsApp chat are two destinations), and per address.
  await limitsOf(ctx).takeAll([
    ['otp_send_address', ip],
    ['otp_send_destination', `${channel}:${to}`],
  ]);
  await ctx.db.tx(async (q) => {
    const code = await issueCode(q, 'sign-in', channel, to);
    await deliver(q, { channel, to, ...signInCode(code), code, validForS: PROOF_TTL_S.oneTimeCode });
  });
}

/**
 * A right code for `d`: the account holding it (proven now), a new one when `create` asks for a
 * passwordless sign-up, or none (then a sign-up verification token of `d` is answered).
 */
export async function codeAccount(
  ctx: Ctx,
  d: Destination,
  code: string,
  create?: Pick<NewUser, 'firstName' | 'lastName' | 'referralCode'>,
): Promise<{ user: UserRow; verificationToken?: undefined } | { user?: undefined; verificationToken: string }> {
  const db = ctx.db;
  await spendCode(ctx, 'sign-in', d.value, code);
  const found = await findUserByDestination(db, d);
  let user = found ? await proveDestination(db, found, d) : undefined;
  if (!user && create) {
    user = await createUser(
      db,
      {
        email: d.kind === 'email' ? d.value : null,
        phone: d.kind === 'phone' ? d.phone : null,
        ...create,
        emailProven: d.kind === 'email',
        mobileProven: d.kind === 'phone',
      },
      randomToken(14),
    );
  }
  return user ? { user } : { verificationToken: await signUpVerificationToken(ctx.secret, d.value) };
}

// ---- Google ----

export const GOOGLE_LOGIN_FAILED = 'Google login failed, please contact the support team for more details';

/**
 * The Google person an ID token proves (verifyGoogleIdToken: key set, issuer, audience, expiry, our nonce, first
 * use, verified e-mail). Every refusal reads the same, and counts against the client address, as for
 * Apple and Facebook; Google's key set out of reach is a 503 that does not count.
 */
export async function googlePerson(ctx: Ctx, ip: string, token: string): Promise<{ who: ProvenPerson; identity: Identity }> {
  const config = ctx.google ?? googleConfig(ctx.stage, process.env);
  return limitsOf(ctx).attempt(
    [['social_sign_in_failed_address', ip]],
    async () => {
      // Token times are Google's wall clock (ctx.clock only steps rate-limit windows in tests).
      const p = await verifyGoogleIdToken(config, ctx.secret, ctx.db, token);
      if (!p)
        throw unprocessable(GOOGLE_LOGIN_FAILED, {
          errors: ['The Google credential could not be verified (signature, issuer, audience, expiry, nonce, first use or e-mail)'],
        });
      return {
        who: { email: p.email, firstName: p.firstName, lastName: p.lastName },
        identity: { provider: 'google' as const, subject: p.subject },
      };
    },
    { counts: countsAsFailedAttempt },
  );
}

// ---- third parties' identities: account linking, never account taking ----
// A third party's identity (Google, Apple, Facebook, an employer's identity provider) signs in only to
// the account already linked to it (issuer + subject), or makes a new account. When an account already
// holds the identity's e-mail, the sign-in answers 409 link_required with a link token naming that
// identity and that account; the identity is linked only after the account's owner proves it, in the
// same flow, with its password or a one-time code to its e-mail. The provider proving an e-mail is never
// enough: an employer's provider vouches for a work address that a private patient may have signed up with.

/** How long the owner has to prove the account after the provider's sign-in. */
export const LINK_TOKEN_TTL_S = 10 * 60;
export const LINK_REQUIRED_MESSAGE =
  'An account already uses this e-mail. To sign in this way, confirm it is yours with its password or a code we e-mail to you; it is then linked.';
export const LINK_PROOF_WRONG = 'That password or code is not right for this account.';
export const LINK_TOKEN_INVALID = 'This sign-in has expired or was already used. Please sign in again.';

/** A third party's person: the provider, and its id of them (for employer providers, issuer and subject). */
export interface Identity {
  provider: LinkProvider;
  subject: string;
}
export interface ProvenPerson {
  email: string;
  firstName: string;
  lastName: string;
}

/** The key an employer provider's person is linked by: its issuer and its subject together. */
export const ssoSubject = (issuer: string, sub: string) => `${issuer} ${sub}`;

/**
 * Signs in the account linked to `identity`; with none, makes a new account (linked) when no account
 * holds the e-mail, and otherwise answers 409 link_required (nothing signed in, nothing changed).
 */
export async function signInWithIdentity(
  ctx: Ctx,
  reply: AnswerHeaders,
  who: ProvenPerson,
  identity: Identity,
  newAccount: Pick<NewUser, 'usertype' | 'organisationId' | 'referralCode'> = {},
) {
  const email = normaliseEmail(who.email);
  const linked = await findLinkedUser(ctx.db, identity.provider, identity.subject);
  if (linked) {
    await recordLink(ctx.db, linked.id, identity.provider, identity.subject, email);
    return signIn(ctx, ctx.db, reply, linked);
  }
  const holder = await findUser(ctx.db, 'email', email);
  if (holder) {
    const link_token = await signProof(ctx.secret, 'account-link', holder.uuid, LINK_TOKEN_TTL_S, {
      provider: identity.provider,
      identity: identity.subject,
      email,
    });
    throw new HttpError(409, LINK_REQUIRED_MESSAGE, {
      code: 'link_required',
      link_token,
      email,
      provider: identity.provider,
      ways: waysToProve(holder),
    });
  }
  const user = await createUser(
    ctx.db,
    { email, firstName: who.firstName, lastName: who.lastName, emailProven: true, ...newAccount },
    randomToken(14),
  );
  await recordLink(ctx.db, user.id, identity.provider, identity.subject, email);
  return signIn(ctx, ctx.db, reply, user);
}

/**
 * A password proves the account only when its e-mail was proven (a password set before anyone proved
 * the address may be a squatter's); a code to the e-mail always does.
 */
const passwordProves = (u: UserRow) => u.password_hash !== null && u.email_verified_at !== null;
const waysToProve = (u: UserRow) => ({ password: passwordProves(u), code: true });

interface LinkClaims {
  user: UserRow;
  email: string;
  provider: LinkProvider;
  identity: string;
  jti: string;
  expMs: number;
}

async function linkClaims(ctx: Ctx, token: string): Promise<LinkClaims> {
  const c = await verifyProofClaims(ctx.secret, 'account-link', token);
  const user = c ? await findUser(ctx.db, 'uuid', c.sub) : undefined;
  const provider = c?.provider;
  if (
    !c ||
    !user ||
    typeof c.email !== 'string' ||
    typeof c.identity !== 'string' ||
    typeof c.jti !== 'string' ||
    (provider !== 'google' && provider !== 'apple' && provider !== 'facebook' && provider !== 'sso') ||
    // The account must still hold the e-mail the provider proved.
    user.email !== c.email
  ) {
    throw unprocessable(LINK_TOKEN_INVALID);
  }
  return { user, email: c.email, provider, identity: c.identity, jti: c.jti, expMs: (c.exp ?? 0) * 1000 };
}

/** Sends a one-time code to the e-mail of the account a link token names; answers that e-mail. */
export async function sendLinkCode(ctx: Ctx, ip: string, linkToken: string): Promise<void> {
  const { email } = await linkClaims(ctx, linkToken);
  const limits = limitsOf(ctx);
  await limits.take('otp_send_destination', `email:${email}`);
  await limits.take('otp_send_address', ip);
  await ctx.db.tx(async (q) => {
    const code = await issueCode(q, 'account-link', 'email', email);
    await deliver(q, { channel: 'email', to: email, ...accountLinkCode(code), code, validForS: PROOF_TTL_S.oneTimeCode });
  });
}

/** The owner proved the account a link token names (password or code): the identity is linked, and the account answered. */
export async function linkIdentity(ctx: Ctx, ip: string, linkToken: string, proof: { password?: string; code?: string }): Promise<UserRow> {
  const db = ctx.db;
  const link = await linkClaims(ctx, linkToken);
  const limits = limitsOf(ctx);
  let user: UserRow | undefined = link.user;
  if (proof.password !== undefined) {
    // The same reserve-first lockouts as a password sign-in to this account (passwordAccount).
    const known = await limits.knownAddress(link.email, ip);
    const pair = `${link.email} ${ip}`;
    await limits.attempt(
      [],
      async () => {
        const ok = await verifyPassword(proof.password!, passwordProves(link.user) ? link.user.password_hash! : await dummyPasswordHash());
        if (!ok || !passwordProves(link.user)) throw unprocessable(LINK_PROOF_WRONG);
      },
      { lockouts: known ? [pair] : [pair, link.email] },
    );
  } else {
    await limits.attempt([['otp_wrong_destination', link.email]], async () => {
      if ((await consumeCode(db, 'account-link', link.email, proof.code!)) !== 'ok') throw unprocessable(LINK_PROOF_WRONG);
    });
    // The code proved the e-mail, with the same rules as a sign-in code.
    user = await proveDestination(db, link.user, { kind: 'email', value: link.email });
    if (!user) throw unprocessable(LINK_TOKEN_INVALID);
  }
  // A link token links once.
  if (!(await claimOnce(db, `account-link:${link.jti}`, link.expMs))) throw unprocessable(LINK_TOKEN_INVALID);
  await recordLink(db, user.id, link.provider, link.identity, link.email);
  if ((await findLinkedUser(db, link.provider, link.identity))?.id !== user.id) throw unprocessable(LINK_TOKEN_INVALID);
  return user;
}

// ---- partners: partner proofs, partner-signed JWTs, kli links ----

/** Header carrying the partner proof that verify_totp_code answers (bound to one organisation). */
export const PARTNER_PROOF_HEADER = 'partner-proof';
export const INVALID_PARTNER_CODE = 'Invalid verification code';

interface PartnerOrg {
  id: number;
  uuid: string;
  partner_secret: string;
  name: string;
}
async function partnerOrg(ctx: Ctx, companyUuid: string): Promise<PartnerOrg> {
  const org = (
    await ctx.db.query<PartnerOrg>(`SELECT id, uuid::text, partner_secret, name FROM organisations WHERE uuid::text = $1`, [companyUuid])
  )[0];
  if (!org) throw notFound(`Unknown company_profile_uuid ${companyUuid}`);
  return org;
}

/** The organisation uuid a request's partner proof was issued for, or null. */
export async function provenPartner(ctx: Ctx, headers: Record<string, unknown>): Promise<string | null> {
  const h = headers[PARTNER_PROOF_HEADER];
  return verifyProof(ctx.secret, 'partner', typeof h === 'string' ? h : undefined);
}

export interface IntegrationOrg {
  id: number;
  name: string;
  uuid: string;
  short_code: string | null;
  show_card_dashboard: boolean;
  totp_secret: string;
}
/** An organisation's partner integration, by uuid or short_code. */
export async function integrationOrg(ctx: Ctx, id: string): Promise<IntegrationOrg> {
  const org = (
    await ctx.db.query<IntegrationOrg>(
      `SELECT id, name, uuid::text, short_code, show_card_dashboard, totp_secret FROM organisations WHERE uuid::text = $1 OR short_code = $1`,
      [id.toLowerCase()],
    )
  )[0];
  if (!org) throw notFound(`Unknown organisation integration ${id}`);
  return org;
}

/** The partner one-time (TOTP) code of `org`, counted per organisation and client address: a partner proof for it. */
export async function provePartnerCode(ctx: Ctx, ip: string, org: IntegrationOrg, code: string): Promise<string> {
  await limitsOf(ctx).attempt([['partner_code', `${org.uuid}:${ip}`]], async () => {
    // DESIGN "Three kinds of no": the backend answers a wrong partner code with 503.
    if (!verifyTotp(org.totp_secret, code)) throw new HttpError(503, INVALID_PARTNER_CODE, { code: 'invalid_verification_code' });
  });
  return partnerProof(ctx.secret, org.uuid);
}

/** What a company subdomain shows before sign-in (a subdomain is public; organisations without one are not found). */
export async function companySite(q: Queryable, shortCode: string) {
  const [o] = await q.query<{ name: string; uuid: string; short_code: string; show_card_dashboard: boolean }>(
    `SELECT name, uuid::text, short_code, show_card_dashboard FROM organisations WHERE short_code = $1`,
    [shortCode],
  );
  if (!o) throw notFound(`No company site ${shortCode}`);
  return {
    company_profile: { name: o.name, uuid: o.uuid, short_code: o.short_code },
    feature_flags: { show_card_dashboard: o.show_card_dashboard },
  };
}

/**
 * A hand-off to the employee's company subdomain: a partner-signed JWT for b2b_link, single-use by its
 * jti, living `ttlS`; the session it starts there is linked to this one (`tokenId`, the caller's
 * session), so logging out either ends both. 422 for an account without a company site.
 */
export async function partnerHandoff(
  q: Queryable,
  user: Pick<UserRow, 'organisation_id' | 'email' | 'usertype'>,
  tokenId: number,
  ttlS: number,
) {
  const [org] = await q.query<{ uuid: string; partner_secret: string; short_code: string | null }>(
    `SELECT uuid::text, partner_secret, short_code FROM organisations WHERE id = $1`,
    [user.organisation_id ?? 0],
  );
  if (!org?.short_code || !user.email || user.usertype === 'patient') throw unprocessable('No company site for this account');
  const [{ session_link: link }] = (await q.query<{ session_link: string }>(
    `UPDATE auth_tokens SET session_link = COALESCE(session_link, $2) WHERE id = $1 RETURNING session_link`,
    [tokenId, randomToken(16)],
  )) as [{ session_link: string }];
  const jwt = await signPartnerJwt(org, { email: user.email, purpose: HANDOFF_PURPOSE, session_link: link }, ttlS);
  return { jwt_token: jwt, company_profile_uuid: org.uuid, short_code: org.short_code, expires_in: ttlS };
}

/** What a partner JWT is taken for: its `purpose` claim names it (none: a partner's sign-in link by e-mail). */
type PartnerJwtUse = 'b2b_link' | 'partner_session';

async function verifyPartnerJwt(ctx: Ctx, ip: string, companyUuid: string, jwt: string, message: string, use: PartnerJwtUse) {
  const limits = limitsOf(ctx);
  const org = await partnerOrg(ctx, companyUuid);
  const { claims, email, found } = await limits.attempt([['partner_token', ip]], async () => {
    // A kli link names a CRN, not an e-mail, and signs in only through kli auto-login; a hand-off only through b2b_link.
    const c = await acceptPartnerJwt(ctx.db, org, jwt, (x: JWTPayload) =>
      x.purpose === undefined ? true : use === 'b2b_link' && x.purpose === HANDOFF_PURPOSE ? handoffSessionLive(ctx.db, x) : false,
    );
    const e = c && typeof c.email === 'string' ? normaliseEmail(c.email) : undefined;
    const u = e ? await findUser(ctx.db, 'email', e) : undefined;
    if (!c || !e || (u && u.organisation_id !== org.id)) throw unprocessable(message);
    return { claims: c, email: e, found: u };
  });
  let user = found;
  // A partner's employee arriving for the first time gets an account in that organisation; the
  // partner vouches for the e-mail.
  user ??= await createUser(
    ctx.db,
    {
      usertype: 'employee',
      email,
      firstName: String(claims.first_name ?? ''),
      lastName: String(claims.last_name ?? ''),
      organisationId: org.id,
      emailProven: true,
    },
    randomToken(14),
  );
  return { user, org, claims };
}

export interface PartnerJwtBody {
  jwt_token: string;
  company_profile_uuid: string;
}

/** b2b link: a partner-signed JWT (or a hand-off from the main site, whose session it then joins). */
export async function b2bLinkSignIn(ctx: Ctx, ip: string, reply: AnswerHeaders, b: PartnerJwtBody) {
  const { user, claims } = await verifyPartnerJwt(
    ctx,
    ip,
    b.company_profile_uuid,
    b.jwt_token,
    'Error authenticating user. Please provide a valid token.',
    'b2b_link',
  );
  const data = await signIn(ctx, ctx.db, reply, user);
  await linkHandoffSession(ctx.db, claims, reply, user.id);
  return data;
}

/** A partner session: a partner-signed JWT, with the partner proof of that same organisation. */
export async function partnerSessionSignIn(
  ctx: Ctx,
  ip: string,
  headers: Record<string, unknown>,
  reply: AnswerHeaders,
  b: PartnerJwtBody,
) {
  if ((await provenPartner(ctx, headers)) !== b.company_profile_uuid.toLowerCase()) {
    await limitsOf(ctx).take('partner_token', ip);
    throw unprocessable('Invalid auth token', { errors: [`Verify the partner code first (${PARTNER_PROOF_HEADER} header)`] });
  }
  const { user } = await verifyPartnerJwt(ctx, ip, b.company_profile_uuid, b.jwt_token, 'Invalid auth token', 'partner_session');
  return signIn(ctx, ctx.db, reply, user);
}

/** kli auto-login: the one employee the organisation's kli link names by CRN; every refusal is the same 422. */
export async function kliAccount(
  ctx: Ctx,
  ip: string,
  headers: Record<string, unknown>,
  crn: string,
  jwt: string | undefined,
): Promise<UserRow> {
  return limitsOf(ctx).attempt([['crn', ip]], async () => {
    const orgUuid = await provenPartner(ctx, headers);
    const org = orgUuid ? await partnerOrg(ctx, orgUuid) : undefined;
    // The partner vouches for exactly one employee, once: the link names the CRN and is used up here.
    const claims = org && jwt ? await acceptPartnerJwt(ctx.db, org, jwt, (c) => c.purpose === KLI_PURPOSE && c.crn === crn) : null;
    const found = org && claims ? await findUserByCrn(ctx.db, crn, org.id) : undefined;
    if (!found) throw unprocessable('Unable to log in with this CRN');
    return found;
  });
}

// ---- app tokens and secondary profiles ----

/** An app token signs in its account; a secondary profile it names comes back in the secondary-profile-access-token header. */
export async function appTokenSignIn(ctx: Ctx, reply: AnswerHeaders, token: string) {
  let claims;
  try {
    claims = await verifyAppToken(ctx.secret, token);
  } catch {
    throw new HttpError(401, 'Invalid auth token');
  }
  const user = claims.sub ? await findUser(ctx.db, 'uuid', claims.sub) : undefined;
  if (!user || user.parent_user_id !== null) throw new HttpError(401, 'Invalid auth token');
  // The profile token is issued to the session this sign-in starts (and dies with it).
  const sessionId = await startSession(ctx, ctx.db, reply, user);
  if (typeof claims.secondary_profile_uuid === 'string') {
    const prof = await findUser(ctx.db, 'uuid', claims.secondary_profile_uuid);
    if (prof?.parent_user_id === user.id)
      reply.header('secondary-profile-access-token', await secondaryProfileToken(ctx.secret, prof, { id: sessionId, generation: 0 }));
  }
  return answerUser(ctx, user);
}

/** Acting as one of my profiles (myself, or a secondary profile: its token in the secondary-profile-access-token header). */
export async function profileSession(ctx: Ctx, reply: AnswerHeaders, me: UserRow, session: ProfileTokenSession, uuid: string) {
  const prof = await findUser(ctx.db, 'uuid', uuid);
  if (!prof || (prof.id !== me.id && prof.parent_user_id !== me.id)) throw notFound(`No profile ${uuid}`);
  if (prof.parent_user_id !== null) reply.header('secondary-profile-access-token', await secondaryProfileToken(ctx.secret, prof, session));
  return answerUser(ctx, prof);
}
