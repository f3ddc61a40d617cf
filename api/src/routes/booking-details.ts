// Booking details (named among the product's calls): booking participants (the couple partner, and the
// invite that sends them the appointment), appointment links (room, clinic and map, calendar file),
// next-session slot lists, schedule counts per day and schedule discounts.
import { Type } from '@sinclair/typebox';
import { HttpError, unprocessable, type App } from '../core/http.js';
import { limitsOf } from '../core/limits.js';
import { Nullable } from '../core/schemas.js';
import {
  ownBooking,
  sweepLapsed,
  normaliseParticipant,
  Participant,
  ParticipantBody,
  participantsOf,
  saveParticipant,
  serializeParticipant,
  appointmentLinks,
  clinicOf,
  countsByDay,
  discountedSlots,
  freeSlotsWithDiscounts,
  markParticipantInvited,
  partnerInvite,
  heldSessionsWith,
} from '../bookings/index.js';
import { nextSessionEarliestStart } from '@haven/rules';
import { HORIZON_DAYS, LEAD_MS, providerById, providerByUuid } from '../providers/index.js';
import { viewerId } from '../identity/index.js';
import { isValidTimeZone } from '../core/time.js';
import { deliver } from '../core/outbox.js';

const Params = Type.Object({ uuid: Type.String({ format: 'uuid' }) });
const TZ = Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone; default Asia/Kolkata' });
const checkTz = (tz: string | undefined) => {
  const zone = tz ?? 'Asia/Kolkata';
  if (!isValidTimeZone(zone)) throw new HttpError(400, `querystring/timezone is not a known IANA time zone: ${zone}`);
  return zone;
};
const Participants = Type.Object({ data: Type.Array(Participant) });
const FreeSlot = Type.Object({
  start_time: Type.String(),
  end_time: Type.String(),
  discount_percent: Type.Integer({ description: '0: no schedule discount' }),
});

export async function bookingDetailRoutes(app: App) {
  const { ctx } = app;
  const db = ctx.db;
  const now = ctx.clock ?? Date.now;
  const mine = async (uuid: string, userId: number) => {
    await sweepLapsed(db, now());
    return ownBooking(db, uuid, userId);
  };

  // ---- booking participants ----
  app.get(
    '/customers/bookings/:uuid/participants',
    {
      config: { auth: true },
      schema: {
        tags: ['bookings'],
        summary: 'The participants of my booking besides me (the partner of a couple session)',
        params: Params,
        response: { 200: Participants },
      },
    },
    async (req) => {
      const b = await mine(req.params.uuid, req.actor.id);
      return { data: (await participantsOf(db, b.id)).map(serializeParticipant) };
    },
  );

  app.put(
    '/customers/bookings/:uuid/participants',
    {
      config: { auth: true },
      schema: {
        tags: ['bookings'],
        summary: 'Set the partner of my couple session (name; e-mail and/or mobile). a changed address must be invited again',
        params: Params,
        body: ParticipantBody,
        response: { 200: Participants },
      },
    },
    async (req) => {
      const b = await mine(req.params.uuid, req.actor.id);
      if (b.session_type !== 'couple') throw unprocessable('Only a couple session has a partner');
      if (!['pending', 'confirmed'].includes(b.status)) throw new HttpError(409, `Cannot change the partner of a ${b.status} session`);
      await saveParticipant(db, b.id, normaliseParticipant(req.body));
      return { data: (await participantsOf(db, b.id)).map(serializeParticipant) };
    },
  );

  app.post(
    '/customers/bookings/:uuid/participants/invite',
    {
      config: { auth: true },
      schema: {
        tags: ['bookings'],
        summary: 'Send my partner the appointment (e-mail and/or SMS with the time, the place and the links)',
        params: Params,
        response: { 200: Participants },
      },
    },
    async (req) => {
      const limits = limitsOf(ctx);
      await limits.take('participant_invite_address', req.ip);
      await limits.take('participant_invite_user', String(req.user.id));
      const b = await mine(req.params.uuid, req.actor.id);
      if (b.status !== 'confirmed') throw new HttpError(409, 'The partner is invited once the session is booked');
      const [partner] = await participantsOf(db, b.id);
      if (!partner) throw unprocessable('Add your partner first');
      const { subject, body } = partnerInvite(await providerById(db, b.provider_id), b.start_time, await clinicOf(db, b));
      // Each address hears from Haven a few times a day at most, whoever asks.
      const destinations = [
        partner.email ? { channel: 'email' as const, to: partner.email } : null,
        partner.mobile ? { channel: 'sms' as const, to: partner.mobile } : null,
      ].filter((d): d is { channel: 'email' | 'sms'; to: string } => d !== null);
      for (const d of destinations) await limits.take('participant_invite_destination', d.to.toLowerCase());
      for (const d of destinations) await deliver(db, { channel: d.channel, to: d.to, subject, body });
      await markParticipantInvited(db, partner.id, now());
      return { data: (await participantsOf(db, b.id)).map(serializeParticipant) };
    },
  );

  // ---- appointment links ----
  app.get(
    '/customers/bookings/:uuid/appointment_links',
    {
      config: { auth: true },
      schema: {
        tags: ['bookings'],
        summary:
          "The links of my session: its page, the online room's opening times or the clinic with a map link, and a calendar file (.ics)",
        params: Params,
        response: {
          200: Type.Object({
            data: Type.Object({
              session_path: Type.String({ description: "the session's page in the app" }),
              join: Nullable(Type.Object({ opens_at: Type.String(), closes_at: Type.String(), dashboard_path: Type.String() })),
              clinic: Nullable(
                Type.Object({ centre_name: Type.String(), city: Type.String(), address: Type.String(), map_url: Type.String() }),
              ),
              calendar: Type.Object({ filename: Type.String(), content_type: Type.Literal('text/calendar'), content: Type.String() }),
            }),
          }),
        },
      },
    },
    async (req) => {
      const b = await mine(req.params.uuid, req.actor.id);
      return { data: appointmentLinks(b, b.mode === 'offline' ? await clinicOf(db, b) : null, now()) };
    },
  );

  // ---- next-session slot lists ----
  app.get(
    '/customers/bookings/:uuid/next_session_slots',
    {
      config: { auth: true },
      schema: {
        tags: ['schedule'],
        summary:
          'The next free times with the provider of my session, to book the next one: from two days after it ends, none before a first session with them is held',
        params: Params,
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10, default: 3 })) }),
        response: {
          200: Type.Object({
            data: Type.Object({
              provider: Type.Object({ uuid: Type.String(), firstname: Type.String(), lastname: Type.String() }),
              mode: Type.String(),
              session_type: Type.String(),
              duration_minutes: Type.Integer(),
              clinic_centre_id: Nullable(Type.Integer()),
              slots: Type.Array(FreeSlot),
            }),
          }),
        },
      },
    },
    async (req) => {
      const b = await mine(req.params.uuid, req.actor.id);
      if (!['pending', 'confirmed', 'completed'].includes(b.status)) throw new HttpError(409, `No next session after a ${b.status} one`);
      const p = await providerById(db, b.provider_id);
      const after = nextSessionEarliestStart({
        sessionEndMs: new Date(b.end_time).getTime(),
        sessionHeld: b.status === 'completed',
        heldWithProvider: await heldSessionsWith(db, req.user.id, b.provider_id),
        nowMs: now(),
        leadMs: LEAD_MS,
      });
      const slots =
        after === null
          ? []
          : (await freeSlotsWithDiscounts(db, p, req.user.id, now(), b.duration_minutes))
              .filter((s) => s.start >= after)
              .slice(0, req.query.limit ?? 3);
      return {
        data: {
          provider: { uuid: b.p_uuid, firstname: b.p_firstname, lastname: b.p_lastname },
          mode: b.mode,
          session_type: b.session_type,
          duration_minutes: b.duration_minutes,
          clinic_centre_id: b.clinic_centre_id,
          slots: slots.map(({ start_time, end_time, discount_percent }) => ({ start_time, end_time, discount_percent })),
        },
      };
    },
  );

  // ---- schedule counts and dates, schedule discounts ----
  app.get(
    '/providers/:uuid/schedule_counts',
    {
      schema: {
        tags: ['schedule'],
        summary:
          'Free times per day for the next `days` days in the given zone, days with none included (count 0), with the best schedule discount of each day',
        params: Params,
        querystring: Type.Object({
          timezone: Type.Optional(TZ),
          days: Type.Optional(Type.Integer({ minimum: 1, maximum: HORIZON_DAYS, default: 14 })),
        }),
        response: {
          200: Type.Object({
            data: Type.Object({
              timezone: Type.String(),
              days: Type.Array(Type.Object({ date: Type.String(), slots_count: Type.Integer(), best_discount_percent: Type.Integer() })),
            }),
          }),
        },
      },
    },
    async (req) => {
      const tz = checkTz(req.query.timezone);
      const p = await providerByUuid(db, req.params.uuid);
      const days = countsByDay(
        await freeSlotsWithDiscounts(db, p, await viewerId(db, req.headers, now()), now()),
        tz,
        req.query.days ?? 14,
        now(),
      );
      return { data: { timezone: tz, days } };
    },
  );

  app.get(
    '/providers/:uuid/schedule_discounts',
    {
      schema: {
        tags: ['schedule'],
        summary: 'The free times that carry a schedule discount (next 21 days; on one date in the given zone when `date` is given)',
        params: Params,
        querystring: Type.Object({ timezone: Type.Optional(TZ), date: Type.Optional(Type.String({ format: 'date' })) }),
        response: {
          200: Type.Object({
            data: Type.Object({
              timezone: Type.String(),
              rules: Type.Array(
                Type.Object({
                  weekdays: Type.Array(Type.Integer()),
                  start_hour: Type.Integer(),
                  end_hour: Type.Integer(),
                  percent: Type.Integer(),
                  label: Type.String(),
                }),
              ),
              slots: Type.Array(Type.Object({ start_time: Type.String(), percent: Type.Integer(), label: Type.String() })),
            }),
          }),
        },
      },
    },
    async (req) => {
      const tz = checkTz(req.query.timezone);
      const p = await providerByUuid(db, req.params.uuid);
      return {
        data: { timezone: tz, ...(await discountedSlots(db, p, await viewerId(db, req.headers, now()), tz, req.query.date, now())) },
      };
    },
  );
}
