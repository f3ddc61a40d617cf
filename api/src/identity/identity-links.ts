// Third parties' identities (Google, Apple, Facebook, an employer's SSO): a proven identity signs in the
// account it is linked to; linking one to an existing account needs that account's own proof, never
// the third party's word alone (account linking, never account taking).
import { HttpError, unprocessable, type Ctx, type AnswerHeaders } from '../core/http.js';
import { limitsOf } from '../core/limits.js';
import { deliver } from '../core/outbox.js';
import { createUser, type NewUser, findUser, normaliseEmail, type UserRow } from './accounts.js';
import { findLinkedUser, recordLink, type LinkProvider } from './linked-accounts.js';
import { dummyPasswordHash, randomToken, verifyPassword } from './passwords.js';
import { claimOnce, consumeCode, issueCode } from './proofs.js';
import { signProof, verifyProofClaims } from './tokens.js';
import { verifyGoogleIdToken } from './google.js';
import { countsAsFailedAttempt } from './provider-reach.js';
import { googleConfig } from '../core/config.js';
import { PROOF_TTL_S } from '../config/limits.js';
import { accountLinkCode } from '../messages/index.js';
import { proveDestination, signIn } from './sign-in.js';

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
