// Sessions: devise_token_auth credentials, one row per (user, client); the access-token rotates on every
// successful authenticated response, except inside the batch window, where concurrent requests share
// the current token and get no new headers (the previous token stays valid for the window). Also how a
// request is authenticated (with the secondary profile it acts for), and how sessions end.
import type { JWTPayload } from 'jose';
import type { Queryable } from '../db/index.js';
import { randomToken, sha256 } from './passwords.js';
import { HttpError, type AnswerHeaders, type Ctx } from '../core/http.js';
import { findUser, normaliseEmail, uidOf, type UserRow } from './accounts.js';
import { verifySecondaryProfileToken } from './tokens.js';
import { announceAccessEnded } from '../realtime/index.js';

export const BATCH_WINDOW_MS = 5_000;
export const TOKEN_LIFESPAN_S = 14 * 24 * 3600;
export const MAX_CLIENTS_PER_USER = 10;
export const CREDENTIAL_HEADERS = ['access-token', 'client', 'uid', 'expiry', 'token-type'] as const;

export interface Credentials {
  accessToken: string;
  client: string;
  uid: string;
  expiry: number;
}

export interface AuthRow {
  token_id: number;
  user_id: number;
  client: string;
  token_hash: string;
  last_token_hash: string | null;
  expiry: number;
  updated_at_ms: number;
  revoked_at: string | null;
  /** The uid this device was given at sign-in (null on rows older than migration 039). */
  device_uid: string | null;
  /** Raised when this device ends acting as a secondary profile (its profile tokens name the one they were issued under). */
  profile_generation: number;
}

/**
 * The uid a device presents: the one it was given at sign-in. It stays that device's label after the
 * person changes e-mail (the device is found by its client and proven by its token; the uid only
 * has to match what the device was told).
 */
export function deviceUid(row: AuthRow & { email: string | null; uuid: string }): string {
  return row.device_uid ?? uidOf(row);
}

export function setCredentialHeaders(reply: AnswerHeaders, c: Credentials) {
  reply.header('access-token', c.accessToken);
  reply.header('client', c.client);
  reply.header('uid', c.uid);
  reply.header('expiry', String(c.expiry));
  reply.header('token-type', 'Bearer');
}

/** Creates a new client (device) for the user: what sign-in does. */
export async function createClient(
  q: Queryable,
  user: { id: number; email: string | null; uuid: string },
  deviceInfo?: unknown,
  now = Date.now(),
): Promise<Credentials & { tokenId: number }> {
  const accessToken = randomToken();
  const client = randomToken(16);
  const expiry = Math.floor(now / 1000) + TOKEN_LIFESPAN_S;
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO auth_tokens (user_id, client, token_hash, expiry, updated_at_ms, device_info, uid) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [user.id, client, sha256(accessToken), expiry, now, deviceInfo === undefined ? null : JSON.stringify(deviceInfo), uidOf(user)],
  );
  // devise keeps at most max_number_of_devices clients: drop the oldest.
  await q.query(
    `DELETE FROM auth_tokens WHERE user_id = $1 AND revoked_at IS NULL AND id NOT IN
       (SELECT id FROM auth_tokens WHERE user_id = $1 AND revoked_at IS NULL ORDER BY updated_at_ms DESC LIMIT ${MAX_CLIENTS_PER_USER})`,
    [user.id],
  );
  return { accessToken, client, uid: uidOf(user), expiry, tokenId: Number(row!.id) };
}

export type AuthCheck = { row: AuthRow & UserRow; usedCurrent: boolean; user: UserRow };

/**
 * Checks access-token/client/uid. Throws 401 for missing/invalid/expired credentials and
 * 403 { is_device_logged_out: true } for a device that was logged out (logout, remove_all).
 */
export async function checkCredentials(
  q: Queryable,
  h: { token?: string; client?: string; uid?: string },
  now = Date.now(),
): Promise<AuthCheck> {
  if (!h.token || !h.client || !h.uid) throw new HttpError(401, 'You need to sign in or sign up before continuing.');
  // One query for the credentials and the user (this runs on every authenticated request).
  const rows = await q.query<AuthRow & UserRow>(
    `SELECT u.*, o.name AS organisation_name, o.uuid::text AS organisation_uuid, o.is_cf_partner,
            t.id AS token_id, t.user_id, t.client, t.token_hash, t.last_token_hash, t.expiry, t.updated_at_ms, t.revoked_at, t.uid AS device_uid,
            t.profile_generation
       FROM auth_tokens t JOIN users u ON u.id = t.user_id LEFT JOIN organisations o ON o.id = u.organisation_id WHERE t.client = $1`,
    [h.client],
  );
  const row = rows.find((r) => deviceUid(r) === h.uid);
  if (!row) throw new HttpError(401, 'Invalid login credentials');
  const hash = sha256(h.token);
  const isCurrent = hash === row.token_hash;
  const isBatchPrevious = hash === row.last_token_hash && now - Number(row.updated_at_ms) < BATCH_WINDOW_MS;
  if (row.revoked_at && (isCurrent || hash === row.last_token_hash)) {
    throw new HttpError(403, 'This device has been logged out.', { is_device_logged_out: true });
  }
  if (row.revoked_at || !(isCurrent || isBatchPrevious)) throw new HttpError(401, 'Invalid login credentials');
  if (Number(row.expiry) * 1000 < now) throw new HttpError(401, 'Your session has expired. Please sign in again.');
  return { row, usedCurrent: isCurrent, user: row };
}

/**
 * Rotates the token after a successful response, unless the batch window is still open (then the
 * current token is shared and no headers are sent). The conditional UPDATE makes one concurrent
 * request the winner; the rest fall in the batch.
 */
export async function rotate(q: Queryable, check: AuthCheck, now = Date.now()): Promise<Credentials | null> {
  if (!check.usedCurrent) return null;
  if (now - Number(check.row.updated_at_ms) < BATCH_WINDOW_MS) return null;
  const accessToken = randomToken();
  const expiry = Math.floor(now / 1000) + TOKEN_LIFESPAN_S;
  const updated = await q.query(
    `UPDATE auth_tokens SET last_token_hash = token_hash, token_hash = $1, updated_at_ms = $2, expiry = $3
      WHERE id = $4 AND token_hash = $5 AND updated_at_ms <= $6 AND revoked_at IS NULL RETURNING id`,
    [sha256(accessToken), now, expiry, check.row.token_id, check.row.token_hash, now - BATCH_WINDOW_MS],
  );
  if (updated.length === 0) return null;
  return { accessToken, client: check.row.client, uid: deviceUid(check.row), expiry };
}

/** Records the device a session reports (JSON when it parses, else the raw string). */
export async function recordDeviceInfo(q: Queryable, tokenId: number, raw: string): Promise<void> {
  let info: unknown = raw;
  try {
    info = JSON.parse(raw);
  } catch {
    /* keep the raw string: a client may report plain text */
  }
  await q.query(`UPDATE auth_tokens SET device_info = $2 WHERE id = $1`, [tokenId, JSON.stringify(info)]);
}
export async function revokeClient(q: Queryable, tokenId: number, reason: string) {
  await q.query(`UPDATE auth_tokens SET revoked_at = now(), revoke_reason = $2 WHERE id = $1`, [tokenId, reason]);
}
export async function revokeAll(q: Queryable, userId: number, reason: string) {
  await q.query(`UPDATE auth_tokens SET revoked_at = now(), revoke_reason = $2 WHERE user_id = $1 AND revoked_at IS NULL`, [
    userId,
    reason,
  ]);
}
/** Every device of the user except `keepTokenId` (the one changing the password). */
export async function revokeAllBut(q: Queryable, userId: number, keepTokenId: number, reason: string) {
  await q.query(`UPDATE auth_tokens SET revoked_at = now(), revoke_reason = $3 WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL`, [
    userId,
    keepTokenId,
    reason,
  ]);
}
export async function deleteClient(q: Queryable, tokenId: number) {
  await q.query(`DELETE FROM auth_tokens WHERE id = $1`, [tokenId]);
}

/** Every device signs out (403 is_device_logged_out) and the realtime database's refresh tokens stop working. */
export async function endSessionsEverywhere(q: Queryable, userId: number, reason: string): Promise<void> {
  await revokeAll(q, userId, reason);
  await revokeRealtimeTokens(q, userId);
}

/** The realtime database refuses every refresh token and fb_token of the user issued before now. */
export async function revokeRealtimeTokens(q: Queryable, userId: number): Promise<void> {
  const now = Date.now();
  const [u] = await q.query<{ firebaseid: string }>(
    `UPDATE users SET firebase_tokens_valid_after_ms = $2 WHERE id = $1 RETURNING firebaseid`,
    [userId, now],
  );
  // The realtime server refuses the user's connections from their next frame (not at its next access check).
  if (u) await announceAccessEnded({ uid: u.firebaseid, beforeMs: now });
}

/**
 * After a b2b_link sign-in with a hand-off token: the new session joins the link of the session that
 * minted it, when that session belongs to the same user (a partner cannot link to someone else's).
 */
export async function linkHandoffSession(
  q: Queryable,
  claims: Record<string, unknown>,
  reply: AnswerHeaders,
  userId: number,
): Promise<void> {
  const link = claims.session_link;
  const client = reply.getHeader('client');
  if (typeof link !== 'string' || !link || typeof client !== 'string') return;
  await q.query(
    `UPDATE auth_tokens SET session_link = $1 WHERE client = $2 AND user_id = $3
        AND EXISTS (SELECT 1 FROM auth_tokens WHERE session_link = $1 AND user_id = $3)`,
    [link, client, userId],
  );
}

/** Logging out one session of a linked pair ends the other too (it answers 403 is_device_logged_out). */
export async function revokeLinkedSessions(q: Queryable, tokenId: number, reason: string): Promise<void> {
  await q.query(
    `UPDATE auth_tokens SET revoked_at = now(), revoke_reason = $2
      WHERE revoked_at IS NULL AND session_link = (SELECT session_link FROM auth_tokens WHERE id = $1)`,
    [tokenId, reason],
  );
}

/**
 * A hand-off token is void once the session that minted it has ended (logout, sign-out, remove_all):
 * it must still be live and be the named person's.
 */
export async function handoffSessionLive(q: Queryable, claims: JWTPayload): Promise<boolean> {
  if (typeof claims.session_link !== 'string' || !claims.session_link || typeof claims.email !== 'string') return false;
  const rows = await q.query(
    `SELECT 1 FROM auth_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.session_link = $1 AND t.revoked_at IS NULL AND u.email = $2 LIMIT 1`,
    [claims.session_link, normaliseEmail(claims.email)],
  );
  return rows.length > 0;
}

const headerText = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/**
 * The credentials a request carries: the access-token header, or a Bearer authorization in its place, with
 * client and uid. The one reading of them: authenticated routes, public routes that ask who is looking, and
 * sign-out all take them from here.
 */
export function credentialsOf(h: Record<string, unknown>): { token?: string; client?: string; uid?: string } {
  const auth = headerText(h.authorization);
  const token = headerText(h['access-token']) ?? (auth?.startsWith('Bearer ') ? auth.slice(7) : undefined);
  return { token, client: headerText(h.client), uid: headerText(h.uid) };
}

/**
 * Who a request is: its credentials (access-token, or a Bearer authorization; client; uid) and, with a
 * secondary-profile-access-token, the profile it acts for. A token that is not one of this account's
 * profiles is refused: never read as the parent.
 */
export async function authenticateHeaders(
  ctx: Ctx,
  h: Record<string, unknown>,
): Promise<{ check: AuthCheck; user: UserRow; actor: UserRow }> {
  // The api's clock (tests step it over the batch window instead of sleeping through it).
  const check = await checkCredentials(ctx.db, credentialsOf(h), (ctx.clock ?? Date.now)());
  const user = check.user;
  const secondary = headerText(h['secondary-profile-access-token']);
  if (!secondary) return { check, user, actor: user };
  // Only beside the live session it was issued to, before that session ended acting as the profile.
  const claims = await verifySecondaryProfileToken(ctx.secret, secondary);
  const sameSession =
    claims !== null &&
    claims.session.id === Number(check.row.token_id) &&
    claims.session.generation === Number(check.row.profile_generation);
  const prof = sameSession ? await findUser(ctx.db, 'uuid', claims.profile) : undefined;
  if (!prof || prof.parent_user_id !== user.id) throw new HttpError(401, 'Invalid secondary profile token');
  return { check, user, actor: prof };
}

/** The session's profile tokens so far stop working (it acts as the account holder again). */
export async function endProfileTokens(q: Queryable, tokenId: number): Promise<void> {
  await q.query(`UPDATE auth_tokens SET profile_generation = profile_generation + 1 WHERE id = $1`, [tokenId]);
}

/** The profile-token binding of the session a request came on. */
export const profileTokenSession = (check: AuthCheck) => ({
  id: Number(check.row.token_id),
  generation: Number(check.row.profile_generation),
});

/** Logs out this device (and the session linked to it), or every device of the user. */
export async function logOut(q: Queryable, userId: number, tokenId: number, everywhere: boolean): Promise<void> {
  if (everywhere) return endSessionsEverywhere(q, userId, 'remove_all');
  await revokeClient(q, tokenId, 'logout');
  await revokeLinkedSessions(q, tokenId, 'logout (linked session)');
}
