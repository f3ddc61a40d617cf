// Booking routes: create (pending, priced by the shared rule), confirm, cancel, reschedule; session
// feedback. Every status change goes through bookings/booking-state.ts (the lifecycle table).
import { Type } from '@sinclair/typebox';
import { HttpError, notFound, unprocessable, type App } from '../core/http.js';
import { Booking, Success } from '../core/schemas.js';
import { BOOKING_SELECT, booking, type BookingRow, offerInTurn, sweepLapsed, waitlistBooked, assertIntakeFirst, normaliseParticipant, ParticipantBody, saveParticipant, transition } from '../bookings/index.js';
import { type ProviderRow, availableSlots, providerByUuid, ancillaryOffering, assertOffered, unpaidHolds } from '../providers/index.js';
import { DEFAULT_DURATIONS, PAYMENT_HOLD_MINUTES } from '../config/booking.js';
import type { Queryable } from '../db/index.js';
import { ACCOUNT_BOOKINGS, accountOf, keptInputs, lockAccount, maxUnpaidHolds, price, priceInputAt, refundCancelledBooking, LocationTimezone, locatedAt } from '../payments/index.js';
import { priceText } from '@haven/rules';

const One = Type.Object({ data: Booking });
const Params = Type.Object({ uuid: Type.String({ format: 'uuid' }) });

export async function bookingRoutes(app: App) {
  const db = app.ctx.db;
  const now = app.ctx.clock ?? Date.now;
  const mine = async (q: Queryable, uuid: string, userId: number) => {
    await sweepLapsed(db, now());
    const b = (await q.query<BookingRow>(`${BOOKING_SELECT} WHERE b.uuid::text = $1 AND b.user_id = $2`, [uuid, userId]))[0];
    if (!b) throw notFound(`No booking ${uuid}`);
    return b;
  };
  /** `viewer`: the account booking (a time held for its waitlist offer is free for it). */
  const checkSlot = async (p: ProviderRow, start: number, viewer: number) => {
    await sweepLapsed(db, now());
    if ((await availableSlots(db, p, now(), undefined, viewer)).includes(start)) return;
    // Held unpaid: the patient is told so (their own hold with its booking, to finish paying it).
    const hold = (await unpaidHolds(db, p.id, start, start + 1, now(), viewer))[0];
    if (hold?.bookingUuid) {
      throw new HttpError(409, 'You are already holding this time: finish paying for it to book it', { code: 'own_hold', booking_uuid: hold.bookingUuid, held_until: new Date(hold.until).toISOString() });
    }
    if (hold) {
      throw new HttpError(409, 'Another patient is paying for this time; it is held for them until their payment completes or lapses', { code: 'slot_held', held_until: new Date(hold.until).toISOString() });
    }
    throw new HttpError(409, 'The selected slot is not available', { code: 'slot_taken' });
  };

  app.post('/bookings', {
    config: { auth: true },
    schema: {
      tags: ['bookings'], summary: `Create a booking (pending until confirmed; it holds the slot for ${PAYMENT_HOLD_MINUTES} minutes)`,
      body: Type.Object({
        provider_uuid: Type.String({ format: 'uuid' }), start_time: Type.String({ format: 'date-time' }),
        mode: Type.Union([Type.Literal('online'), Type.Literal('offline')]),
        session_type: Type.Optional(Type.Union([Type.Literal('individual'), Type.Literal('couple'), Type.Literal('ancillary_assessment')], { description: 'ancillary_assessment: the provider\'s assessment, at its own fee and length' })),
        clinic_centre_id: Type.Optional(Type.Integer({ minimum: 1 })),
        duration_minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 240, description: 'one of the provider\'s offered durations' })),
        participant: Type.Optional({ ...ParticipantBody, description: 'the partner of a couple session (also settable later)' }),
        location_timezone: LocationTimezone,
      }),
      response: { 201: One },
    },
  }, async (req, reply) => {
    const b = req.body;
    const p = await providerByUuid(db, b.provider_uuid);
    const offering = b.mode === 'online' ? p.online_offering : p.offline_offering;
    if (!offering) throw unprocessable(`Provider does not offer ${b.mode} sessions`);
    const type = b.session_type ?? 'individual';
    if (type === 'couple' && !offering.couple?.offering_couple) throw unprocessable('Provider does not offer couple sessions');
    if (b.mode === 'offline') {
      if (!b.clinic_centre_id) throw new HttpError(400, 'body/clinic_centre_id is required for offline sessions');
      if (!p.clinic_centre_ids.includes(b.clinic_centre_id)) throw unprocessable(`Provider does not see clients at centre ${b.clinic_centre_id}`);
    }
    // An ancillary assessment has its own fee per mode and one length (migration 042).
    const ancillary = type === 'ancillary_assessment' ? await ancillaryOffering(db, p.id) : null;
    if (type === 'ancillary_assessment' && !ancillary) throw unprocessable('Provider does not offer an ancillary assessment');
    const ancillaryFee = ancillary ? (b.mode === 'online' ? ancillary.online_fee : ancillary.offline_fee) : null;
    if (ancillary && ancillaryFee === null) throw unprocessable(`Provider does not offer the assessment ${b.mode === 'online' ? 'online' : 'in clinic'}`);
    const offered = ancillary ? [ancillary.duration_minutes] : p.offered_durations;
    const minutes = b.duration_minutes ?? (ancillary ? ancillary.duration_minutes : offered.includes(DEFAULT_DURATIONS[0]) ? DEFAULT_DURATIONS[0] : offered[0]!);
    if (!offered.includes(minutes)) throw unprocessable(`Provider offers ${ancillary ? 'the assessment' : 'sessions'} of ${offered.join(' or ')} minutes`);
    await assertIntakeFirst(db, req.actor, p.roles);
    if (b.participant && type !== 'couple') throw unprocessable('Only a couple session has a partner');
    const partner = b.participant ? normaliseParticipant(b.participant) : null;
    // The plan governs an assessment by the provider's kind of care, as an individual session.
    await assertOffered(db, req.user, { roles: p.roles, mode: b.mode, sessionType: type === 'couple' ? 'couple' : 'individual', centreId: b.clinic_centre_id ?? null });
    const start = new Date(b.start_time).getTime();
    await checkSlot(p, start, req.user.id);
    // The one price rule: list price and lines, kept with the booking; `fee` is what is charged.
    const account = accountOf(req.actor);
    const inputs = await priceInputAt(db, p, {
      offering, sessionType: type, assessmentFee: ancillaryFee, durationMinutes: minutes, international: await locatedAt(db, account, b.location_timezone), offer: p.offer,
    }, start);
    const priced = price(inputs);
    try {
      const row = await db.tx(async (q) => {
        // Unpaid holds are counted per account, under the account's lock (two requests cannot both be the Nth).
        await lockAccount(q, account);
        const [{ held }] = (await q.query<{ held: number }>(
          `SELECT count(*)::int AS held FROM bookings b WHERE ${ACCOUNT_BOOKINGS(1)} AND b.status = 'pending' AND b.hold_until > $2`,
          [account, new Date(now()).toISOString()])) as [{ held: number }];
        if (priced.total > 0 && held >= maxUnpaidHolds()) {
          throw new HttpError(409, `You already hold ${held} unpaid sessions: pay for or leave one of them before holding another time`, { code: 'hold_limit' });
        }
        const [r] = await q.query<{ id: number; uuid: string }>(
          `INSERT INTO bookings (user_id, provider_id, start_time, end_time, mode, session_type, status, fee, currency, clinic_centre_id, duration_minutes, hold_until, discount_percent, list_price, price_lines)
           VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id, uuid::text`,
          [req.actor.id, p.id, new Date(start).toISOString(), new Date(start + minutes * 60_000).toISOString(), b.mode, type, priced.total, priced.currency, b.clinic_centre_id ?? null,
            minutes, new Date(now() + PAYMENT_HOLD_MINUTES * 60_000).toISOString(), inputs.scheduleDiscountPercent, priced.list, JSON.stringify({ inputs, price: priced })]);
        return r!;
      });
      if (partner) await saveParticipant(db, row.id, partner);
      await db.query(`INSERT INTO user_providers (user_id, provider_id, provider_type) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [req.actor.id, p.id, p.roles[0] ?? 'therapist']);
      await waitlistBooked(db, req.actor.id, p.id);
      reply.status(201);
      return { data: booking(await mine(db, row.uuid, req.actor.id)) };
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw new HttpError(409, 'The selected slot is not available');
      throw e;
    }
  });

  app.get('/bookings/:uuid', {
    config: { auth: true }, schema: { tags: ['bookings'], summary: 'Session detail', params: Params, response: { 200: One } },
  }, async (req) => ({ data: booking(await mine(db, req.params.uuid, req.actor.id)) }));

  app.post('/bookings/:uuid/confirm', {
    config: { auth: true }, schema: { tags: ['bookings'], summary: 'Confirm a pending booking (or accept a suggested one) whose price is 0; 409 when it has a price to pay', params: Params, response: { 200: One } },
  }, async (req) => {
    const b = await mine(db, req.params.uuid, req.actor.id);
    // Only a price of 0 confirms here; a price is confirmed by its settled payment, a credit by the package route.
    await transition(db, b.id, 'confirm_free', now(), { set: 'hold_until = NULL' });
    return { data: booking(await mine(db, req.params.uuid, req.actor.id)) };
  });

  app.post('/bookings/:uuid/cancel', {
    config: { auth: true },
    schema: {
      tags: ['bookings'], summary: 'Cancel a booking', params: Params,
      body: Type.Object({ reason: Type.String({ minLength: 1, maxLength: 500 }) }), response: { 200: One },
    },
  }, async (req) => {
    const b = await mine(db, req.params.uuid, req.actor.id);
    await transition(db, b.id, 'cancel', now(), { set: 'cancel_reason = $3', params: [req.body.reason] });
    await refundCancelledBooking(app.ctx, b.id, req.body.reason, now(), req.log);
    await offerInTurn(db, [b.provider_id], now());
    return { data: booking(await mine(db, req.params.uuid, req.actor.id)) };
  });

  app.post('/bookings/:uuid/reschedule', {
    config: { auth: true },
    schema: {
      tags: ['bookings'], summary: 'Move a booking to another free slot', params: Params,
      body: Type.Object({ start_time: Type.String({ format: 'date-time' }) }), response: { 200: One },
    },
  }, async (req) => {
    const b = await mine(db, req.params.uuid, req.actor.id);
    const p = (await db.query<ProviderRow>(`SELECT * FROM providers WHERE id = $1`, [b.provider_id]))[0]!;
    const start = new Date(req.body.start_time).getTime();
    await checkSlot(p, start, req.user.id);
    // Re-priced at the new time by the same rule, with the booking's coupon and package credit.
    const kept = await keptInputs(db, b, p);
    const inputs = { ...kept, ...(await priceInputAt(db, p, kept, start)), coupon: kept.coupon ?? null, packageCredit: kept.packageCredit ?? false };
    const priced = price(inputs, inputs.coupon, inputs.packageCredit);
    // A settled booking keeps what was paid: it moves only to a time at the same price.
    const settled = b.status === 'confirmed' && priced.total !== b.fee;
    if (settled) throw new HttpError(409, `That time costs ${priceText(priced.total, priced.currency)} and this session was settled at ${priceText(b.fee, b.currency)}: cancel it (refunded in full) and book that time instead`, { code: 'price_changed' });
    await db.tx(async (q) => {
      await transition(q, b.id, 'reschedule', now(), {
        set: 'start_time = $3, end_time = $4, fee = $5, list_price = $6, price_lines = $7, discount_percent = $8',
        params: [new Date(start).toISOString(), new Date(start + b.duration_minutes * 60_000).toISOString(), priced.total, priced.list, JSON.stringify({ inputs, price: priced }), inputs.scheduleDiscountPercent],
        // The price checked above is the price at the status it was read in.
        extraGuard: `status = '${b.status}'`,
      });
      // An open checkout was for the old price: it ends, and paying starts again at the new one.
      if (b.status === 'pending') await q.query(`UPDATE payment_transactions SET status = 'expired', updated_at = now() WHERE booking_id = $1 AND status = 'created'`, [b.id]);
    });
    return { data: booking(await mine(db, req.params.uuid, req.actor.id)) };
  });

  app.post('/bookings/:uuid/no_show', {
    config: { auth: true },
    schema: {
      tags: ['bookings'], summary: 'The provider of a session marks it a no-show (after its start; the patient did not come). No refund.',
      params: Params, response: { 200: One },
    },
  }, async (req) => {
    await sweepLapsed(db, now());
    // Only the provider's own log-in finds the booking: anyone else (the patient, another provider) gets 404.
    const [b] = await db.query<{ id: number }>(
      `SELECT b.id FROM bookings b JOIN providers p ON p.id = b.provider_id WHERE b.uuid::text = $1 AND p.user_id = $2`, [req.params.uuid, req.actor.id]);
    if (!b) throw notFound(`No booking ${req.params.uuid}`);
    await transition(db, b.id, 'no_show', now());
    return { data: booking((await db.query<BookingRow>(`${BOOKING_SELECT} WHERE b.id = $1`, [b.id]))[0]!) };
  });

  app.post('/bookings/:uuid/feedback', {
    config: { auth: true },
    schema: {
      tags: ['feedback'], summary: 'Session feedback (completed sessions, once)', params: Params,
      body: Type.Object({ rating: Type.Integer({ minimum: 1, maximum: 5 }), comment: Type.Optional(Type.String({ maxLength: 2000 })) }),
      response: { 201: Success },
    },
  }, async (req, reply) => {
    const b = await mine(db, req.params.uuid, req.actor.id);
    if (b.status !== 'completed') throw unprocessable('Feedback is only for completed sessions');
    const r = await db.query(`INSERT INTO session_feedback (booking_id, user_id, rating, comment) VALUES ($1, $2, $3, $4) ON CONFLICT (booking_id) DO NOTHING RETURNING id`,
      [b.id, req.actor.id, req.body.rating, req.body.comment ?? null]);
    if (r.length === 0) throw new HttpError(409, 'Feedback was already given for this session');
    reply.status(201);
    return { success: true };
  });
}
