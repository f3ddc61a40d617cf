// Account linking, never account taking. A third party's identity (Google, Apple, Facebook, an
// employer's identity provider) signs in only to the account already linked to it (issuer + subject),
// or makes a new account. When an account already holds the identity's e-mail, the sign-in answers 409
// link_required with a link token naming that identity and that account; the identity is linked only
// after the account's owner proves it here, in the same flow, with its password or a one-time code to
// its e-mail. The provider proving an e-mail is never enough: an employer's provider vouches for a
// work address that a private patient may have signed up with.
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { HttpError, unprocessable, type App, type Ctx } from '../lib/http.js';
import { User } from '../lib/schemas.js';
import { limitsOf } from '../lib/limits.js';
import { dummyPasswordHash, randomToken, verifyPassword } from '../auth/passwords.js';
import { claimOnce, consumeCode, issueCode, signProof, verifyProofClaims } from '../auth/proofs.js';
import { createUser, findUser, normaliseEmail, proveDestination, type UserRow } from '../lib/users.js';
import { findLinkedUser, recordLink, type LinkProvider } from '../lib/linked-accounts.js';
import { deliver } from '../lib/outbox.js';
import { signIn } from './auth.js';

/** How long the owner has to prove the account after the provider's sign-in. */
export const LINK_TOKEN_TTL_S = 10 * 60;
export const LINK_REQUIRED_MESSAGE = 'An account already uses this e-mail. To sign in this way, confirm it is yours with its password or a code we e-mail to you; it is then linked.';
export const LINK_PROOF_WRONG = 'That password or code is not right for this account.';
export const LINK_TOKEN_INVALID = 'This sign-in has expired or was already used. Please sign in again.';

/** A third party's person: the provider, and its id of them (for employer providers, issuer and subject). */
export interface Identity { provider: LinkProvider; subject: string }
export interface ProvenPerson { email: string; firstName: string; lastName: string }

/** The key an employer provider's person is linked by: its issuer and its subject together. */
export const ssoSubject = (issuer: string, sub: string) => `${issuer} ${sub}`;

/**
 * Signs in the account linked to `identity`; with none, makes a new account (linked) when no account
 * holds the e-mail, and otherwise answers 409 link_required (nothing signed in, nothing changed).
 */
export async function signInWithIdentity(
  ctx: Ctx, reply: FastifyReply, who: ProvenPerson, identity: Identity, newAccount: { usertype?: string; organisationId?: number } = {},
) {
  const email = normaliseEmail(who.email);
  const linked = await findLinkedUser(ctx.db, identity.provider, identity.subject);
  if (linked) {
    await recordLink(ctx.db, linked.id, identity.provider, identity.subject, email);
    return signIn(ctx, ctx.db, reply, linked);
  }
  const holder = await findUser(ctx.db, 'email', email);
  if (holder) {
    const link_token = await signProof(ctx.secret, 'account-link', holder.uuid, LINK_TOKEN_TTL_S, { provider: identity.provider, identity: identity.subject, email });
    throw new HttpError(409, LINK_REQUIRED_MESSAGE, { code: 'link_required', link_token, email, provider: identity.provider, ways: waysToProve(holder) });
  }
  const user = await createUser(ctx.db, { email, firstName: who.firstName, lastName: who.lastName, emailProven: true, ...newAccount }, randomToken(14));
  await recordLink(ctx.db, user.id, identity.provider, identity.subject, email);
  return signIn(ctx, ctx.db, reply, user);
}

/**
 * A password proves the account only when its e-mail was proven (a password set before anyone proved
 * the address may be a squatter's); a code to the e-mail always does.
 */
const passwordProves = (u: UserRow) => u.password_hash !== null && u.email_verified_at !== null;
const waysToProve = (u: UserRow) => ({ password: passwordProves(u), code: true });

interface LinkClaims { user: UserRow; email: string; provider: LinkProvider; identity: string; jti: string; expMs: number }

async function linkClaims(ctx: Ctx, token: string): Promise<LinkClaims> {
  const c = await verifyProofClaims(ctx.secret, 'account-link', token);
  const user = c ? await findUser(ctx.db, 'uuid', c.sub) : undefined;
  const provider = c?.provider;
  if (!c || !user || typeof c.email !== 'string' || typeof c.identity !== 'string' || typeof c.jti !== 'string'
    || (provider !== 'google' && provider !== 'apple' && provider !== 'facebook' && provider !== 'sso')
    // The account must still hold the e-mail the provider proved.
    || user.email !== c.email) {
    throw unprocessable(LINK_TOKEN_INVALID);
  }
  return { user, email: c.email, provider, identity: c.identity, jti: c.jti, expMs: (c.exp ?? 0) * 1000 };
}

export async function identityLinkRoutes(app: App) {
  const { ctx } = app;
  const db = ctx.db;
  const tags = ['auth'];
  const LinkToken = Type.String({ minLength: 1, maxLength: 4000, description: 'from the 409 link_required answer of a provider sign-in' });

  app.post('/customers/link_identity/code', {
    schema: {
      tags, summary: 'Send a one-time code to the e-mail of the account a link token names (to prove it before linking)',
      body: Type.Object({ link_token: LinkToken }),
      response: { 200: Type.Object({ success: Type.Literal(true), message: Type.String(), expires_in: Type.Integer() }) },
    },
  }, async (req) => {
    const { email } = await linkClaims(ctx, req.body.link_token);
    const limits = limitsOf(ctx);
    await limits.take('otp_send_destination', `email:${email}`);
    await limits.take('otp_send_address', req.ip);
    await db.tx(async (q) => {
      const code = await issueCode(q, 'account-link', 'email', email);
      await deliver(q, { channel: 'email', to: email, subject: 'Your Haven verification code', body: `${code} is your Haven code to link a sign-in to your account. It expires in 10 minutes. If this was not you, ignore it: nothing is linked without it.`, code });
    });
    return { success: true as const, message: 'A verification code was sent by email', expires_in: 600 };
  });

  app.post('/customers/link_identity', {
    schema: {
      tags, summary: 'Link the identity a link token names to its account, once the owner proves the account (password, or the code from link_identity/code); then signs in',
      body: Type.Object({
        link_token: LinkToken,
        password: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
        code: Type.Optional(Type.String({ pattern: '^[0-9]{4,8}$' })),
        device_info: Type.Optional(Type.Unknown()),
      }),
      response: { 200: Type.Object({ data: User }) },
    },
  }, async (req, reply) => {
    const b = req.body;
    if ((b.password === undefined) === (b.code === undefined)) throw new HttpError(400, 'body must have password or code');
    const link = await linkClaims(ctx, b.link_token);
    const limits = limitsOf(ctx);
    let user: UserRow | undefined = link.user;
    if (b.password !== undefined) {
      // The same reserve-first lockouts as a password sign-in to this account (routes/auth.ts).
      const known = await limits.knownAddress(link.email, req.ip);
      const pair = `${link.email} ${req.ip}`;
      await limits.attempt([], async () => {
        const ok = await verifyPassword(b.password!, passwordProves(link.user) ? link.user.password_hash! : await dummyPasswordHash());
        if (!ok || !passwordProves(link.user)) throw unprocessable(LINK_PROOF_WRONG);
      }, { lockouts: known ? [pair] : [pair, link.email] });
    } else {
      await limits.attempt([['otp_wrong_destination', link.email]], async () => {
        if ((await consumeCode(db, 'account-link', link.email, b.code!)) !== 'ok') throw unprocessable(LINK_PROOF_WRONG);
      });
      // The code proved the e-mail, with the same rules as a sign-in code.
      user = await proveDestination(db, link.user, { kind: 'email', value: link.email });
      if (!user) throw unprocessable(LINK_TOKEN_INVALID);
    }
    // A link token links once.
    if (!(await claimOnce(db, `account-link:${link.jti}`, link.expMs))) throw unprocessable(LINK_TOKEN_INVALID);
    await recordLink(db, user.id, link.provider, link.identity, link.email);
    if ((await findLinkedUser(db, link.provider, link.identity))?.id !== user.id) throw unprocessable(LINK_TOKEN_INVALID);
    return { data: await signIn(ctx, db, reply, user, b.device_info) };
  });
}
