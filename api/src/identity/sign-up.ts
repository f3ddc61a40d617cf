// Signing up and passwords (set, reset, changed), and the one-time codes that sign in: each checks its
// proof (the attempt reserved before the secret is compared) and ends in signIn (sign-in.ts).
import { HttpError, unprocessable, type Ctx, type AnswerHeaders } from '../core/http.js';
import { limitsOf } from '../core/limits.js';
import { deliver } from '../core/outbox.js';
import type { Queryable } from '../db/index.js';
import {
  createUser,
  type NewUser,
  findUser,
  findUserByDestination,
  findUserByPhone,
  normaliseEmail,
  normalisePhone,
  type Destination,
  type UserRow,
} from './accounts.js';
import { endSessionsEverywhere, revokeAllBut, revokeRealtimeTokens } from './sessions.js';
import { dummyPasswordHash, hashPassword, randomToken, verifyPassword } from './passwords.js';
import { claimOnce, consumeResetToken, issueCode, issueResetToken } from './proofs.js';
import { signUpVerificationToken, verifyProofClaims } from './tokens.js';
import { PROOF_TTL_S } from '../config/limits.js';
import { useCode as spendCode } from './account-codes.js';
import { resetPasswordLink, signInCode } from '../messages/index.js';
import { answerUser, proveDestination, signIn } from './sign-in.js';

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
 * the e-mail, or a verification token of the e-mail or mobile (a code entered on the log-in page). The
 * other destination it names is never looked up nor saved: `proveLater` (in the same transaction) sends
 * it a code, and it joins the account once that code comes back. So the answer is the same whether or not
 * another account holds it: only what the person proved can answer "already taken", and that tells
 * them about their own address.
 */
export async function signUp(
  ctx: Ctx,
  ip: string,
  reply: AnswerHeaders,
  b: SignUpBody,
  proveLater: (q: Queryable, userId: number, d: Destination) => Promise<void>,
): Promise<{ user: Awaited<ReturnType<typeof signIn>>; pending: Destination | null }> {
  const db = ctx.db;
  const email = normaliseEmail(b.email);
  const phone = b.mobile ? normalisePhone(b.country_code, b.mobile) : null;
  const limits = limitsOf(ctx);
  // Every sign-up is counted per client address: each answer says whether an address is taken.
  await limits.take('sign_up_address', ip);
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
  const emailProven = proven === email;
  const phoneProven = phone !== null && proven === phone.e164;
  const pending: Destination | null =
    phone && !phoneProven ? { kind: 'phone', value: phone.e164, phone } : !emailProven ? { kind: 'email', value: email } : null;
  if (pending) {
    // A code to an address nobody proved yet: counted like any contact change, before anything else.
    await limits.takeAll([
      ['contact_change_address', ip],
      ['otp_send_destination', `${pending.kind === 'email' ? 'email' : 'sms'}:${pending.value}`],
    ]);
  }
  if (emailProven && (await findUser(db, 'email', email))) throw unprocessable('Email has already been taken');
  if (phoneProven && (await findUserByPhone(db, phone))) throw unprocessable('Mobile has already been taken');
  const hash = await hashPassword(b.password);
  return db.tx(async (q) => {
    const u = await createUser(
      q,
      {
        email: emailProven ? email : null,
        phone: phoneProven ? phone : null,
        firstName: b.first_name,
        lastName: b.last_name,
        passwordHash: hash,
        emailProven,
        mobileProven: phoneProven,
        referralCode: b.referral_code,
      },
      randomToken(14),
    );
    if (pending) await proveLater(q, u.id, pending);
    return { user: await signIn(ctx, q, reply, u), pending };
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
