// The session room: who may enter a booking's room, the provider's room link, and the
// realtime identities (custom-token claims) that open the booking's path rooms/{uuid} to those two only.
import type { Ctx } from '../core/http.js';
import { HttpError } from '../core/http.js';
import type { Queryable } from '../db/index.js';
import { BOOKING_SELECT, type BookingRow } from './serialize.js';
import { transition } from './booking-state.js';
import { roomLinkToken, verifyRoomLinkToken } from '../identity/index.js';
import { EXTENSION_CAP, EXTENSION_MINUTES, JOIN_WINDOW_MINUTES } from '@haven/rules';

/** The room opens this long before the start: the dashboard's Join window, the same rule. */
export const ROOM_OPENS_BEFORE_MS = JOIN_WINDOW_MINUTES * 60_000;
/** Realtime identities keep working this long after the end, so the chat stays readable while people leave. */
export const ROOM_GRACE_AFTER_END_MS = 30 * 60_000;
export type RoomRole = 'patient' | 'provider';

/** Every refusal names itself (`code`), so the room can tell the person why and where to go. */
export const roomRefusal = {
  linkInvalid: () => new HttpError(403, 'This session link has expired or is not valid.', { code: 'room_link_invalid' }),
  notYours: () => new HttpError(404, 'We could not find this session among yours.', { code: 'room_not_yours' }),
  cancelled: () => new HttpError(409, 'This session was cancelled.', { code: 'session_cancelled' }),
  notOpen: () =>
    new HttpError(409, 'This session is not open yet: the room opens 10 minutes before it starts.', { code: 'session_not_open' }),
  ended: () => new HttpError(409, 'This session has ended.', { code: 'session_ended' }),
  offline: () => new HttpError(409, 'This session takes place at the clinic, not online.', { code: 'session_offline' }),
};

export type RoomBooking = BookingRow & { firebaseid: string; patient_first_name: string };

export async function roomBooking(q: Queryable, uuid: string): Promise<RoomBooking | undefined> {
  const rows = await q.query<RoomBooking>(
    `SELECT x.*, u.firebaseid, u.first_name AS patient_first_name FROM (${BOOKING_SELECT} WHERE b.uuid::text = $1) x JOIN users u ON u.id = x.user_id`,
    [uuid],
  );
  return rows[0];
}

/** The booking's state allows entering now (the who is checked by the caller). */
export function assertRoomOpen(b: BookingRow, now: number): void {
  if (b.status === 'cancelled') throw roomRefusal.cancelled();
  if (b.mode !== 'online') throw roomRefusal.offline();
  if (b.status !== 'confirmed') throw roomRefusal.notYours();
  if (now < new Date(b.start_time).getTime() - ROOM_OPENS_BEFORE_MS) throw roomRefusal.notOpen();
  if (now >= new Date(b.end_time).getTime()) throw roomRefusal.ended();
}

/**
 * A new provider link for the booking; older links stop working. Valid until the session's latest
 * possible end (every extension taken): joining checks the session's real end anyway.
 */
export async function issueProviderRoomLink(ctx: Ctx, b: BookingRow): Promise<string> {
  const [row] = await ctx.db.query<{ link_id: string }>(
    `INSERT INTO session_room_links (booking_id) VALUES ($1)
     ON CONFLICT (booking_id) DO UPDATE SET link_id = gen_random_uuid(), issued_at = now() RETURNING link_id::text`,
    [b.id],
  );
  const latestEnd = new Date(b.end_time).getTime() + EXTENSION_CAP * EXTENSION_MINUTES * 60_000;
  const ttlS = Math.max(60, Math.ceil((latestEnd - Date.now()) / 1000));
  return roomLinkToken(ctx.secret, { sub: b.p_uuid, booking: b.uuid, lid: row!.link_id }, ttlS);
}

/** The provider of `uuid` when the token is that booking's current link; otherwise a refusal. */
export async function checkProviderRoomLink(ctx: Ctx, uuid: string, token: string): Promise<RoomBooking> {
  const claims = await verifyRoomLinkToken(ctx.secret, token);
  if (!claims || claims.booking !== uuid || typeof claims.lid !== 'string') throw roomRefusal.linkInvalid();
  const b = await roomBooking(ctx.db, uuid);
  if (!b || b.p_uuid !== claims.sub) throw roomRefusal.linkInvalid();
  const [link] = await ctx.db.query<{ link_id: string }>(`SELECT link_id::text FROM session_room_links WHERE booking_id = $1`, [b.id]);
  if (link?.link_id !== claims.lid) throw roomRefusal.linkInvalid();
  return b;
}

/** The realtime identity of a person in the room: custom-token claims the rules read (auth.token.haven_room*). */
export function roomIdentity(b: RoomBooking, role: RoomRole) {
  return {
    uid: role === 'patient' ? b.firebaseid : `provider-${b.p_uuid}`,
    claims: { haven_room: b.uuid, haven_room_role: role },
  };
}

/** A room identity stops working when its booking is cancelled or long over (checked on every token refresh). */
export async function roomIdentityRevoked(q: Queryable, claims: Record<string, unknown>, now = Date.now()): Promise<boolean> {
  if (typeof claims.haven_room !== 'string') return false;
  const b = await roomBooking(q, claims.haven_room);
  return !b || b.status !== 'confirmed' || now > roomAccessEndsMs(b);
}

/**
 * How long one relay credential lives. A TURN relay checks credentials itself (nothing is asked of the
 * api), so a cancelled session's credential is refused only once it expires: minutes, and the room asks
 * for a fresh one (entering again, which a cancelled session refuses) before then.
 */
export const RELAY_CREDENTIAL_TTL_MS = 10 * 60_000;
/** Until when a relay credential issued now is good: a few minutes, and never past the session's end. */
export const relayCredentialEndsMs = (b: { end_time: Date | string }, now: number) =>
  Math.min(now + RELAY_CREDENTIAL_TTL_MS, new Date(b.end_time).getTime());

/** When the room stops letting its people in: its realtime identities end then. */
export const roomAccessEndsMs = (b: { end_time: Date | string }) => new Date(b.end_time).getTime() + ROOM_GRACE_AFTER_END_MS;

/**
 * The patient started the session from the room: the first start is recorded, a repeat answers the
 * same moment. The room's own refusals (cancelled, not open yet, ended, at the clinic) come first, so
 * the room shows the page it shows on joining; the guarded transition decides a race with a cancel.
 */
export async function startSession(q: Queryable, b: BookingRow, now: number): Promise<Date> {
  assertRoomOpen(b, now);
  await transition(q, b.id, 'start_session', now, { set: 'session_started_at = COALESCE(session_started_at, $2::timestamptz)' });
  const [r] = await q.query<{ at: Date }>(`SELECT session_started_at AS at FROM bookings WHERE id = $1`, [b.id]);
  return new Date(r!.at);
}
