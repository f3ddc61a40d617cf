// Booking routes: create (pending, priced by the shared rule), confirm, cancel, reschedule; session
// feedback. Every status change goes through bookings/booking-state.ts (the lifecycle table).
import { Type } from '@sinclair/typebox';
import { HttpError, unprocessable, type App } from '../core/http.js';
import { Booking, Success } from '../core/schemas.js';
import {
  booking,
  bookingById,
  ownBooking,
  providersOwnBooking,
  assertSlotFree,
  rememberProvider,
  leaveSessionFeedback,
  offerInTurn,
  sweepLapsed,
  waitlistBooked,
  assertActivatedForChildrenFirst,
  assertIntakeFirst,
  normaliseParticipant,
  ParticipantBody,
  saveParticipant,
  transition,
} from '../bookings/index.js';
import { providerById, providerByUuid, ancillaryOffering, assertOffered, sessionChoice } from '../providers/index.js';
import { PAYMENT_HOLD_MINUTES } from '../config/booking.js';
import type { Queryable } from '../db/index.js';
import {
  accountOf,
  holdPendingBooking,
  keptInputs,
  moveBooking,
  price,
  priceInputAt,
  askReservedRefund,
  assertNotExtended,
  reserveCancellationRefund,
  reserveExtensionRefunds,
  LocationTimezone,
} from '../payments/index.js';
import { assertChildConsented, locatedRequest } from '../accounts/index.js';
import { priceText } from '@haven/rules';

const One = Type.Object({ data: Booking });
const Params = Type.Object({ uuid: Type.String({ format: 'uuid' }) });

export async function bookingRoutes(app: App) {
  const db = app.ctx.db;
  const now = app.ctx.clock ?? Date.now;
  const mine = async (q: Queryable, uuid: string, userId: number) => {
    await sweepLapsed(db, now());
    return ownBooking(q, uuid, userId);
  };

  app.post(
    '/bookings',
    {
      config: { auth: true },
      schema: {
        tags: ['bookings'],
        summary: `Create a booking (pending until confirmed; it holds the slot for ${PAYMENT_HOLD_MINUTES} minutes)`,
        body: Type.Object({
          provider_uuid: Type.String({ format: 'uuid' }),
          start_time: Type.String({ format: 'date-time' }),
          mode: Type.Union([Type.Literal('online'), Type.Literal('offline')]),
          session_type: Type.Optional(
            Type.Union([Type.Literal('individual'), Type.Literal('couple'), Type.Literal('ancillary_assessment')], {
              description: "ancillary_assessment: the provider's assessment, at its own fee and length",
            }),
          ),
          clinic_centre_id: Type.Optional(Type.Integer({ minimum: 1 })),
          duration_minutes: Type.Optional(
            Type.Integer({ minimum: 1, maximum: 240, description: "one of the provider's offered durations" }),
          ),
          participant: Type.Optional({ ...ParticipantBody, description: 'the partner of a couple session (also settable later)' }),
          location_timezone: LocationTimezone,
        }),
        response: { 201: One },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const p = await providerByUuid(db, b.provider_uuid);
      const { offering, type, assessmentFee, minutes } = sessionChoice(
        p,
        b,
        b.session_type === 'ancillary_assessment' ? await ancillaryOffering(db, p.id) : null,
      );
      await assertActivatedForChildrenFirst(db, req.actor, p.roles);
      await assertIntakeFirst(db, req.actor, p.roles);
      await assertChildConsented(db, req.actor, now());
      if (b.participant && type !== 'couple') throw unprocessable('Only a couple session has a partner');
      const partner = b.participant ? normaliseParticipant(b.participant) : null;
      // The plan governs an assessment by the provider's kind of care, as an individual session.
      await assertOffered(db, req.user, {
        roles: p.roles,
        mode: b.mode,
        sessionType: type === 'couple' ? 'couple' : 'individual',
        centreId: b.clinic_centre_id ?? null,
      });
      // Where the request comes from prices it (and a blocked country cannot book): the server's facts.
      const account = accountOf(req.actor);
      const where = await locatedRequest(db, account, {
        address: req.ip,
        zone: b.location_timezone,
        now: now(),
        zoneDecides: !app.ctx.isProduction,
        booking: true,
      });
      const start = new Date(b.start_time).getTime();
      await assertSlotFree(db, p, start, req.user.id, req.actor.id, now);
      // The one price rule: list price and lines, kept with the booking; `fee` is what is charged.
      const inputs = await priceInputAt(
        db,
        p,
        {
          offering,
          sessionType: type,
          assessmentFee,
          durationMinutes: minutes,
          international: where.international,
          offer: p.offer,
        },
        start,
      );
      const priced = price(inputs);
      try {
        const row = await db.tx((q) =>
          holdPendingBooking(q, {
            userId: req.actor.id,
            account,
            providerId: p.id,
            start,
            minutes,
            mode: b.mode,
            sessionType: type,
            clinicCentreId: b.clinic_centre_id ?? null,
            inputs,
            priced,
            now: now(),
          }),
        );
        if (partner) await saveParticipant(db, row.id, partner);
        await rememberProvider(db, req.actor.id, p);
        await waitlistBooked(db, req.actor.id, p.id);
        reply.status(201);
        return { data: booking(await mine(db, row.uuid, req.actor.id)) };
      } catch (e) {
        if ((e as { code?: string }).code === '23505') throw new HttpError(409, 'The selected slot is not available');
        throw e;
      }
    },
  );

  app.get(
    '/bookings/:uuid',
    {
      config: { auth: true },
      schema: { tags: ['bookings'], summary: 'Session detail', params: Params, response: { 200: One } },
    },
    async (req) => ({ data: booking(await mine(db, req.params.uuid, req.actor.id)) }),
  );

  app.post(
    '/bookings/:uuid/confirm',
    {
      config: { auth: true },
      schema: {
        tags: ['bookings'],
        summary: 'Confirm a pending booking (or accept a suggested one) whose price is 0; 409 when it has a price to pay',
        params: Params,
        response: { 200: One },
      },
    },
    async (req) => {
      const b = await mine(db, req.params.uuid, req.actor.id);
      // A ₹0 booking (a full coupon, a free session) is still a child's booking: the parent's consent first.
      await assertChildConsented(db, req.actor, now());
      // Only a price of 0 confirms here; a price is confirmed by its settled payment, a credit by the package route.
      await transition(db, b.id, 'confirm_free', now(), { set: 'hold_until = NULL' });
      return { data: booking(await mine(db, req.params.uuid, req.actor.id)) };
    },
  );

  app.post(
    '/bookings/:uuid/cancel',
    {
      config: { auth: true },
      schema: {
        tags: ['bookings'],
        summary: 'Cancel a booking',
        params: Params,
        body: Type.Object({ reason: Type.String({ minLength: 1, maxLength: 500 }) }),
        response: { 200: One },
      },
    },
    async (req) => {
      const b = await mine(db, req.params.uuid, req.actor.id);
      const at = now();
      // The cancellation and what it owes (the refund reserved, a package credit back, and the refunds of
      // its paid extensions) commit together; the gateway is asked after the commit, never while the booking's row is locked.
      const owed = await db.tx(async (q) => {
        await transition(q, b.id, 'cancel', at, { set: 'cancel_reason = $3', params: [req.body.reason] });
        const own = await reserveCancellationRefund(q, b.id, req.body.reason, at);
        return [...(own ? [own] : []), ...(await reserveExtensionRefunds(q, b.id, req.body.reason, at))];
      });
      // The cancellation stands once committed: a failure asking the gateway or recording its answer leaves
      // the refund reserved, and the retry pass asks again with the same idempotency key.
      for (const o of owed)
        await askReservedRefund(app.ctx, o, at, req.log).catch((err: unknown) =>
          req.log.error({ err, bookingId: b.id }, 'refund reserved but not yet asked: the retry pass asks it'),
        );
      await offerInTurn(db, [b.provider_id], now());
      return { data: booking(await mine(db, req.params.uuid, req.actor.id)) };
    },
  );

  app.post(
    '/bookings/:uuid/reschedule',
    {
      config: { auth: true },
      schema: {
        tags: ['bookings'],
        summary: 'Move a booking to another free slot',
        params: Params,
        body: Type.Object({ start_time: Type.String({ format: 'date-time' }) }),
        response: { 200: One },
      },
    },
    async (req) => {
      const b = await mine(db, req.params.uuid, req.actor.id);
      await assertNotExtended(db, b.id);
      const p = await providerById(db, b.provider_id);
      const start = new Date(req.body.start_time).getTime();
      await assertSlotFree(db, p, start, req.user.id, req.actor.id, now);
      // Re-priced at the new time by the same rule, with the booking's coupon and package credit.
      const kept = await keptInputs(db, b, p);
      const inputs = {
        ...kept,
        ...(await priceInputAt(db, p, kept, start)),
        coupon: kept.coupon ?? null,
        packageCredit: kept.packageCredit ?? false,
      };
      const priced = price(inputs, inputs.coupon, inputs.packageCredit);
      // A settled booking keeps what was paid: it moves only to a time at the same price.
      const settled = b.status === 'confirmed' && priced.total !== b.fee;
      if (settled)
        throw new HttpError(
          409,
          `That time costs ${priceText(priced.total, priced.currency)} and this session was settled at ${priceText(b.fee, b.currency)}: cancel it (refunded in full) and book that time instead`,
          { code: 'price_changed' },
        );
      await db.tx((q) => moveBooking(q, b, start, inputs, priced, now()));
      return { data: booking(await mine(db, req.params.uuid, req.actor.id)) };
    },
  );

  app.post(
    '/bookings/:uuid/no_show',
    {
      config: { auth: true },
      schema: {
        tags: ['bookings'],
        summary: 'The provider of a session marks it a no-show (after its start; the patient did not come). No refund.',
        params: Params,
        response: { 200: One },
      },
    },
    async (req) => {
      await sweepLapsed(db, now());
      // Only the provider's own log-in finds the booking: anyone else (the patient, another provider) gets 404.
      const id = await providersOwnBooking(db, req.params.uuid, req.actor.id);
      await transition(db, id, 'no_show', now());
      return { data: booking(await bookingById(db, id)) };
    },
  );

  app.post(
    '/bookings/:uuid/feedback',
    {
      config: { auth: true },
      schema: {
        tags: ['feedback'],
        summary: 'Session feedback (completed sessions, once)',
        params: Params,
        body: Type.Object({ rating: Type.Integer({ minimum: 1, maximum: 5 }), comment: Type.Optional(Type.String({ maxLength: 2000 })) }),
        response: { 201: Success },
      },
    },
    async (req, reply) => {
      const b = await mine(db, req.params.uuid, req.actor.id);
      if (b.status !== 'completed') throw unprocessable('Feedback is only for completed sessions');
      if (!(await leaveSessionFeedback(db, b.id, req.actor.id, req.body.rating, req.body.comment ?? null)))
        throw new HttpError(409, 'Feedback was already given for this session');
      reply.status(201);
      return { success: true };
    },
  );
}
