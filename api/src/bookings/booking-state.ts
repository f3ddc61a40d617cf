// The booking lifecycle, in one place. The table below IS the documentation (api/README.md "Booking
// lifecycle" prints it): every status change of a booking goes through `transition`, which runs ONE
// guarded statement (UPDATE … WHERE status IN (from) AND guard RETURNING), so of two requests racing for
// the same change exactly one wins and the other gets a clean 409; never a read-then-write.
import { HttpError } from '../core/http.js';
import type { Queryable } from '../db/index.js';
import { CHANGE_CUTOFF_MINUTES } from '../config/booking.js';
import { JOIN_WINDOW_MINUTES } from '@haven/rules';
import { announceAccessEnded } from '../realtime/index.js';

export type BookingStatus = 'suggested' | 'pending' | 'confirmed' | 'completed' | 'no_show' | 'cancelled' | 'expired';

export interface Transition {
  from: readonly BookingStatus[];
  to: BookingStatus;
  /** Who or what makes it, in words (the docs). */
  by: string;
  /** The SQL guard besides the status, on `bookings` (parameters: $1 id, $2 now, then the call's own). */
  guard: string;
}

/** The cut-off: a booking can be moved or cancelled until this many minutes before it starts. */
const beforeCutoff = `start_time > $2::timestamptz + interval '${CHANGE_CUTOFF_MINUTES} minutes'`;

/** No other live booking of the booking's provider overlaps [end, end + `minutes`) (SQL on `bookings`). */
export function providerFreeAfterEnd(minutes: string): string {
  return `NOT EXISTS (SELECT 1 FROM bookings o WHERE o.provider_id = bookings.provider_id AND o.id <> bookings.id
    AND o.status IN ('pending', 'suggested', 'confirmed') AND o.start_time < bookings.end_time + make_interval(mins => ${minutes}::int)
    AND o.end_time > bookings.end_time)`;
}

export const TRANSITIONS = {
  /** A price of 0 (a free provider, a coupon covering everything): nothing to pay. */
  confirm_free: {
    from: ['pending', 'suggested'],
    to: 'confirmed',
    by: 'the patient, when the price is 0',
    guard: `fee = 0 AND start_time > $2`,
  },
  /** A settled payment (the gateway's verified success, or the simulated checkout). */
  confirm_paid: {
    from: ['pending', 'suggested'],
    to: 'confirmed',
    by: "a settled payment of the booking's price",
    guard: `EXISTS (SELECT 1 FROM payment_transactions t WHERE t.booking_id = bookings.id AND t.extension_id IS NULL AND t.status = 'paid' AND t.amount = bookings.fee)`,
  },
  /** A package credit of the account, reserved in the same transaction. */
  confirm_package: { from: ['pending', 'suggested'], to: 'confirmed', by: 'a package credit of the account', guard: `start_time > $2` },
  /** The unpaid hold lapsed (the sweep). */
  expire: {
    from: ['pending'],
    to: 'expired',
    by: 'the sweep, when the payment hold lapses (expireHolds: one set-wide guarded statement)',
    guard: `hold_until IS NOT NULL AND hold_until <= $2`,
  },
  /** A failed or left checkout frees the slot. */
  release: { from: ['pending'], to: 'cancelled', by: 'a failed or abandoned checkout', guard: 'true' },
  cancel: {
    from: ['pending', 'confirmed', 'suggested'],
    to: 'cancelled',
    by: `the patient, or closing their profile or account, until ${CHANGE_CUTOFF_MINUTES} minutes before the start (a session that has started keeps what it cost)`,
    guard: beforeCutoff,
  },
  /** Status stays; the time and the price change (the same row, moved). */
  reschedule: {
    from: ['pending', 'confirmed'],
    to: 'confirmed',
    by: `the patient, until ${CHANGE_CUTOFF_MINUTES} minutes before the start, into a free slot`,
    guard: beforeCutoff,
  },
  complete: { from: ['confirmed'], to: 'completed', by: 'the sweep, at the end of a session that was held', guard: 'end_time <= $2' },
  /** Also from completed: the sweep may have completed it at its end before the provider said so. */
  no_show: {
    from: ['confirmed', 'completed'],
    to: 'no_show',
    by: 'the provider of the session (POST /bookings/{uuid}/no_show), after the start, when the patient did not come',
    guard: 'start_time <= $2',
  },
  /** Status stays; the patient's first start of the session from the room is recorded (a repeat changes nothing). */
  start_session: {
    from: ['confirmed'],
    to: 'confirmed',
    by: `the patient, from the session room: an online session, from ${JOIN_WINDOW_MINUTES} minutes before its start until its end`,
    guard: `mode = 'online' AND start_time <= $2::timestamptz + interval '${JOIN_WINDOW_MINUTES} minutes' AND end_time > $2`,
  },
  /**
   * Status stays; the end moves later by $3 minutes (a session extension, paid or free). Only while the
   * session is on and only when no other booking of the provider overlaps the added time.
   */
  extend: {
    from: ['confirmed'],
    to: 'confirmed',
    by: 'a paid (or free) session extension of the patient, while the online session is on and its provider is free in the added time',
    guard: `mode = 'online' AND start_time <= $2::timestamptz + interval '${JOIN_WINDOW_MINUTES} minutes' AND end_time > $2 AND ${providerFreeAfterEnd('$3')}`,
  },
} as const satisfies Record<string, Transition>;
export type TransitionName = keyof typeof TRANSITIONS;

/** Transitions that keep the status and change something else (the time, a recorded moment). */
const KEEPS_STATUS: readonly TransitionName[] = ['reschedule', 'start_session', 'extend'];

/** Why a transition was refused, in the patient's words. */
function refusal(name: TransitionName, status: string | undefined): string {
  if (!status) return 'No such booking';
  if (name === 'confirm_free' && ['pending', 'suggested'].includes(status)) return 'This booking has a price: pay for it to confirm it';
  if ((name === 'cancel' || name === 'reschedule') && (TRANSITIONS[name].from as readonly string[]).includes(status)) {
    return `A session can be ${name === 'cancel' ? 'cancelled' : 'moved'} only until ${CHANGE_CUTOFF_MINUTES} minutes before it starts`;
  }
  if (name === 'no_show') {
    return (TRANSITIONS.no_show.from as readonly string[]).includes(status)
      ? 'A session can be marked a no-show only once it has started'
      : `A ${status} booking cannot be marked a no-show`;
  }
  if (name === 'start_session' && status === 'confirmed') {
    return `This session can be started only from ${JOIN_WINDOW_MINUTES} minutes before it starts until it ends, and only online`;
  }
  if (name === 'extend' && status === 'confirmed') {
    return 'This session can no longer be extended: it has ended, or its provider has another session then';
  }
  return `Cannot ${name.replace('_', ' ')} a ${status} booking`;
}

/**
 * Runs a transition on one booking: `set` is extra assignments (SQL, parameters from $3 on, given in
 * `params`), `extraGuard` an extra condition. Returns the updated row's id, or throws 409 with the reason
 * when the booking was not in a state to take it (lost a race, wrong status, past the cut-off).
 * A unique-slot violation (a reschedule into a taken slot) is a 409 too.
 */
export async function transition(
  q: Queryable,
  bookingId: number,
  name: TransitionName,
  now: number,
  opts: { set?: string; params?: unknown[]; extraGuard?: string } = {},
): Promise<void> {
  const t: Transition = TRANSITIONS[name];
  const set = [KEEPS_STATUS.includes(name) ? null : `status = '${t.to}'`, opts.set].filter(Boolean).join(', ');
  const from = t.from.map((s) => `'${s}'`).join(', ');
  let rows: { id: number; uuid: string }[];
  try {
    rows = await q.query<{ id: number; uuid: string }>(
      `UPDATE bookings SET ${set} WHERE id = $1 AND $2::timestamptz IS NOT NULL AND status IN (${from}) AND (${t.guard})${opts.extraGuard ? ` AND (${opts.extraGuard})` : ''} RETURNING id, uuid::text AS uuid`,
      [bookingId, new Date(now).toISOString(), ...(opts.params ?? [])],
    );
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw new HttpError(409, 'The selected slot is not available');
    throw e;
  }
  if (rows.length === 1) {
    // Out of 'confirmed': the session room's realtime identities are refused from their next frame.
    if (t.to !== 'confirmed') await announceAccessEnded({ room: rows[0]!.uuid, beforeMs: Date.now() });
    return;
  }
  const [b] = await q.query<{ status: string }>(`SELECT status FROM bookings WHERE id = $1`, [bookingId]);
  throw new HttpError(409, refusal(name, b?.status));
}

/** A transition that may find nothing to do (a checkout released after the booking moved on): whether it ran. */
export async function tryTransition(
  q: Queryable,
  bookingId: number,
  name: TransitionName,
  now: number,
  opts: { set?: string; params?: unknown[]; extraGuard?: string } = {},
): Promise<boolean> {
  try {
    await transition(q, bookingId, name, now, opts);
    return true;
  } catch (e) {
    if (e instanceof HttpError && e.statusCode === 409) return false;
    throw e;
  }
}

/**
 * A sweep's statement: the transition on every booking its guard admits, as one guarded UPDATE (so api
 * processes sweeping at once move each row once; the others find nothing). $2 is now; `set` adds
 * assignments; `returning` names what it answers. A statement to embed (a CTE may carry its consequences).
 */
function sweepSql(name: 'expire' | 'complete', set: string, returning: string): string {
  const t: Transition = TRANSITIONS[name];
  const from = t.from.map((s) => `'${s}'`).join(', ');
  return `UPDATE bookings SET status = '${t.to}', ${set} WHERE $1::int IS NULL AND status IN (${from}) AND (${t.guard}) RETURNING ${returning}`;
}

/** The end-of-session sweep: confirmed sessions whose end has passed are completed. */
export async function completeEnded(q: Queryable, now: number): Promise<number> {
  const rows = await q.query(sweepSql('complete', 'completed_at = $2', 'id'), [null, new Date(now).toISOString()]);
  return rows.length;
}

/**
 * Pending bookings whose payment hold lapsed (config/booking.ts) become `expired`, with their unpaid
 * transactions in the same statement, so their slots are free again. Answers the providers whose times
 * opened (each expired row is answered to one caller only: the UPDATE locks it), for waitlist.ts to offer.
 */
export async function expireHolds(q: Queryable, now: number): Promise<number[]> {
  const rows = await q.query<{ provider_id: number }>(
    `WITH gone AS (${sweepSql('expire', "cancel_reason = 'Payment not completed in time'", 'id, provider_id')}),
     paid AS (UPDATE payment_transactions SET status = 'expired', updated_at = $2 WHERE status = 'created' AND booking_id IN (SELECT id FROM gone))
     SELECT DISTINCT provider_id FROM gone`,
    [null, new Date(now).toISOString()],
  );
  return rows.map((r) => r.provider_id);
}

const KEEPS_STATUS_TEXT: Partial<Record<TransitionName, string>> = {
  reschedule: '(same status, new time and price)',
  start_session: '(same status, the start recorded once)',
  extend: '(same status, a later end)',
};

/** The table as Markdown (the docs print it; a test checks the README holds it). */
export function transitionTable(): string {
  const rows = Object.entries(TRANSITIONS).map(
    ([name, t]) => `| ${name} | ${t.from.join(', ')} | ${KEEPS_STATUS_TEXT[name as TransitionName] ?? t.to} | ${t.by} |`,
  );
  return ['| transition | from | to | by |', '|---|---|---|---|', ...rows].join('\n');
}
