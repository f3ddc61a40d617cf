// Every way in ends in signIn: a password, a one-time code, a password-reset link (sign-up.ts), Google,
// Apple, Facebook, an employer's SSO (identity-links.ts), a partner's JWT, a kli link (partner-sign-in.ts),
// an app token (here). Each checks its way's proof (the attempt reserved before the secret is compared)
// and answers the account to sign in to; signIn then gives that device its credentials and answers the
// user with their realtime token. Routes only wire requests to these.
import { HttpError, notFound, type Ctx, type AnswerHeaders } from '../core/http.js';
import { deliver } from '../core/outbox.js';
import type { Queryable } from '../db/index.js';
import { findUser, serializeUser, type Destination, type UserRow } from './accounts.js';
import { createClient, endSessionsEverywhere, revokeAll, setCredentialHeaders } from './sessions.js';
import { realtimeToken, secondaryProfileToken, type ProfileTokenSession, verifyAppToken } from './tokens.js';
import { unprovenPasswordRemoved } from '../messages/index.js';

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
