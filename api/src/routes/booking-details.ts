// Booking details (named among the product's calls): booking participants (the couple partner, and the
// invite that sends them the appointment), appointment links (room, clinic and map, calendar file),
// next-session slot lists, schedule counts per day and schedule discounts.
import { Type } from '@sinclair/typebox';
import { HttpError, notFound, unprocessable, type App } from '../core/http.js';
import { limitsOf } from '../core/limits.js';
import { Nullable } from '../core/schemas.js';
import { BOOKING_SELECT, type BookingRow, sweepLapsed, calendarFile, discountFor, discountRules, mapUrl, normaliseParticipant, Participant, ParticipantBody, participantsOf, saveParticipant, serializeParticipant } from '../bookings/index.js';
import { type ProviderRow, availableSlots, HORIZON_DAYS, LEAD_MS, providerByUuid } from '../providers/index.js';
import { viewerId } from '../identity/index.js';
import { displayTime, isValidTimeZone, localParts } from '../core/time.js';
import { deliver } from '../core/outbox.js';
import { JOIN_WINDOW_MINUTES } from '@haven/rules';

const Params = Type.Object({ uuid: Type.String({ format: 'uuid' }) });
const TZ = Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone; default Asia/Kolkata' });
const checkTz = (tz: string | undefined) => {
  const zone = tz ?? 'Asia/Kolkata';
  if (!isValidTimeZone(zone)) throw new HttpError(400, `querystring/timezone is not a known IANA time zone: ${zone}`);
  return zone;
};
const Participants = Type.Object({ data: Type.Array(Participant) });
const FreeSlot = Type.Object({ start_time: Type.String(), end_time: Type.String(), discount_percent: Type.Integer({ description: '0: no schedule discount' }) });
const iso = (t: number | Date | string) => new Date(t).toISOString();

export async function bookingDetailRoutes(app: App) {
  const { ctx } = app;
  const db = ctx.db;
  const now = ctx.clock ?? Date.now;
  const mine = async (uuid: string, userId: number) => {
    await sweepLapsed(db, now());
    const [b] = await db.query<BookingRow>(`${BOOKING_SELECT} WHERE b.uuid::text = $1 AND b.user_id = $2`, [uuid, userId]);
    if (!b) throw notFound(`No booking ${uuid}`);
    return b;
  };
  const providerOf = async (b: BookingRow) => (await db.query<ProviderRow>(`SELECT * FROM providers WHERE id = $1`, [b.provider_id]))[0]!;
  const clinicOf = async (b: BookingRow) => {
    if (!b.clinic_centre_id) return null;
    const [c] = await db.query<{ centre_name: string; address: string; city: string }>(
      `SELECT cc.centre_name, cc.address, c.name AS city FROM clinic_centres cc JOIN clinics c ON c.id = cc.clinic_id WHERE cc.id = $1`, [b.clinic_centre_id]);
    return c ? { centre_name: c.centre_name, city: c.city, address: c.address, map_url: mapUrl(`${c.centre_name}, ${c.address}, ${c.city}`) } : null;
  };
  /** Free times of a provider with the discount each carries; `viewer` also sees the times held for their waitlist offers. */
  const freeSlots = async (p: ProviderRow, viewer: number | null, durationMinutes = 50) => {
    const rules = await discountRules(db, p.id);
    return (await availableSlots(db, p, now(), undefined, viewer)).map((s) => ({
      start: s, start_time: iso(s), end_time: iso(s + durationMinutes * 60_000), discount_percent: discountFor(rules, p, s)?.percent ?? 0,
    }));
  };

  // ---- booking participants ----
  app.get('/customers/bookings/:uuid/participants', {
    config: { auth: true },
    schema: { tags: ['bookings'], summary: 'The participants of my booking besides me (the partner of a couple session)', params: Params, response: { 200: Participants } },
  }, async (req) => {
    const b = await mine(req.params.uuid, req.actor.id);
    return { data: (await participantsOf(db, b.id)).map(serializeParticipant) };
  });

  app.put('/customers/bookings/:uuid/participants', {
    config: { auth: true },
    schema: {
      tags: ['bookings'], summary: 'Set the partner of my couple session (name; e-mail and/or mobile). a changed address must be invited again',
      params: Params, body: ParticipantBody, response: { 200: Participants },
    },
  }, async (req) => {
    const b = await mine(req.params.uuid, req.actor.id);
    if (b.session_type !== 'couple') throw unprocessable('Only a couple session has a partner');
    if (!['pending', 'confirmed'].includes(b.status)) throw new HttpError(409, `Cannot change the partner of a ${b.status} session`);
    await saveParticipant(db, b.id, normaliseParticipant(req.body));
    return { data: (await participantsOf(db, b.id)).map(serializeParticipant) };
  });

  app.post('/customers/bookings/:uuid/participants/invite', {
    config: { auth: true },
    schema: {
      tags: ['bookings'], summary: 'Send my partner the appointment (e-mail and/or SMS with the time, the place and the links)',
      params: Params, response: { 200: Participants },
    },
  }, async (req) => {
    const limits = limitsOf(ctx);
    await limits.take('participant_invite_address', req.ip);
    await limits.take('participant_invite_user', String(req.user.id));
    const b = await mine(req.params.uuid, req.actor.id);
    if (b.status !== 'confirmed') throw new HttpError(409, 'The partner is invited once the session is booked');
    const [partner] = await participantsOf(db, b.id);
    if (!partner) throw unprocessable('Add your partner first');
    // Only the product's own words go out: the provider, the time and the place, all the product's data.
    // Names the caller typed (the partner's, their own) never reach the message, so the invite cannot
    // carry someone's text to any address.
    const p = await providerOf(b);
    const start = new Date(b.start_time).getTime();
    const when = `${localParts(start, p.timezone).date} at ${displayTime(start, p.timezone)} (${p.timezone})`;
    const clinic = await clinicOf(b);
    const where = clinic ? `at ${clinic.centre_name}, ${clinic.address}, ${clinic.city}. Map: ${clinic.map_url}` : `online, by video: join together from your partner's Haven app, ${JOIN_WINDOW_MINUTES} minutes before the start`;
    const subject = 'A couple session was booked for you on Haven';
    const body = `Hello, your partner booked a couple session for you both with ${p.firstname} ${p.lastname} on ${when}, ${where}.`;
    // Each address hears from Haven a few times a day at most, whoever asks.
    const destinations = [partner.email ? { channel: 'email' as const, to: partner.email } : null, partner.mobile ? { channel: 'sms' as const, to: partner.mobile } : null]
      .filter((d): d is { channel: 'email' | 'sms'; to: string } => d !== null);
    for (const d of destinations) await limits.take('participant_invite_destination', d.to.toLowerCase());
    for (const d of destinations) await deliver(db, { channel: d.channel, to: d.to, subject, body });
    await db.query(`UPDATE booking_participants SET invited_at = $2 WHERE id = $1`, [partner.id, iso(now())]);
    return { data: (await participantsOf(db, b.id)).map(serializeParticipant) };
  });

  // ---- appointment links ----
  app.get('/customers/bookings/:uuid/appointment_links', {
    config: { auth: true },
    schema: {
      tags: ['bookings'], summary: 'The links of my session: its page, the online room\'s opening times or the clinic with a map link, and a calendar file (.ics)',
      params: Params,
      response: {
        200: Type.Object({
          data: Type.Object({
            session_path: Type.String({ description: 'the session\'s page in the app' }),
            join: Nullable(Type.Object({ opens_at: Type.String(), closes_at: Type.String(), dashboard_path: Type.String() })),
            clinic: Nullable(Type.Object({ centre_name: Type.String(), city: Type.String(), address: Type.String(), map_url: Type.String() })),
            calendar: Type.Object({ filename: Type.String(), content_type: Type.Literal('text/calendar'), content: Type.String() }),
          }),
        }),
      },
    },
  }, async (req) => {
    const b = await mine(req.params.uuid, req.actor.id);
    const start = new Date(b.start_time).getTime();
    const end = new Date(b.end_time).getTime();
    const clinic = b.mode === 'offline' ? await clinicOf(b) : null;
    const sessionPath = `/booking/session/${b.uuid}`;
    const name = `${b.p_firstname} ${b.p_lastname}`;
    const kind = b.session_type === 'couple' ? 'Couple session' : 'Session';
    const content = calendarFile({
      uid: b.uuid, start, end, now: now(), url: sessionPath,
      summary: `${kind} with ${name}`,
      description: clinic ? `In clinic at ${clinic.centre_name}. Map: ${clinic.map_url}` : `Online. Join from your Haven dashboard ${JOIN_WINDOW_MINUTES} minutes before the start.`,
      location: clinic ? `${clinic.centre_name}, ${clinic.address}, ${clinic.city}` : 'Online (Haven video session)',
    });
    return {
      data: {
        session_path: sessionPath,
        join: b.mode === 'online' ? { opens_at: iso(start - JOIN_WINDOW_MINUTES * 60_000), closes_at: iso(end), dashboard_path: '/dashboard' } : null,
        clinic,
        calendar: { filename: `haven-session-${localParts(start, 'UTC').date}.ics`, content_type: 'text/calendar' as const, content },
      },
    };
  });

  // ---- next-session slot lists ----
  app.get('/customers/bookings/:uuid/next_session_slots', {
    config: { auth: true },
    schema: {
      tags: ['schedule'], summary: 'The next free times with the provider of my session (after it ends), to book the next one',
      params: Params, querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10, default: 3 })) }),
      response: {
        200: Type.Object({
          data: Type.Object({
            provider: Type.Object({ uuid: Type.String(), firstname: Type.String(), lastname: Type.String() }),
            mode: Type.String(), session_type: Type.String(), duration_minutes: Type.Integer(), clinic_centre_id: Nullable(Type.Integer()),
            slots: Type.Array(FreeSlot),
          }),
        }),
      },
    },
  }, async (req) => {
    const b = await mine(req.params.uuid, req.actor.id);
    if (!['pending', 'confirmed', 'completed'].includes(b.status)) throw new HttpError(409, `No next session after a ${b.status} one`);
    const p = await providerOf(b);
    const after = Math.max(now() + LEAD_MS, new Date(b.end_time).getTime());
    const slots = (await freeSlots(p, req.user.id, b.duration_minutes)).filter((s) => s.start >= after).slice(0, req.query.limit ?? 3);
    return {
      data: {
        provider: { uuid: b.p_uuid, firstname: b.p_firstname, lastname: b.p_lastname },
        mode: b.mode, session_type: b.session_type, duration_minutes: b.duration_minutes, clinic_centre_id: b.clinic_centre_id,
        slots: slots.map(({ start_time, end_time, discount_percent }) => ({ start_time, end_time, discount_percent })),
      },
    };
  });

  // ---- schedule counts and dates, schedule discounts ----
  app.get('/providers/:uuid/schedule_counts', {
    schema: {
      tags: ['schedule'], summary: 'Free times per day for the next `days` days in the given zone, days with none included (count 0), with the best schedule discount of each day',
      params: Params, querystring: Type.Object({ timezone: Type.Optional(TZ), days: Type.Optional(Type.Integer({ minimum: 1, maximum: HORIZON_DAYS, default: 14 })) }),
      response: {
        200: Type.Object({
          data: Type.Object({
            timezone: Type.String(),
            days: Type.Array(Type.Object({ date: Type.String(), slots_count: Type.Integer(), best_discount_percent: Type.Integer() })),
          }),
        }),
      },
    },
  }, async (req) => {
    const tz = checkTz(req.query.timezone);
    const p = await providerByUuid(db, req.params.uuid);
    const days: Array<{ date: string; slots_count: number; best_discount_percent: number }> = [];
    // Calendar days in `tz` from today; noon steps never skip or repeat a day across offset changes.
    const today = localParts(now(), tz);
    for (let i = 0; i < (req.query.days ?? 14); i++) {
      const date = new Date(Date.UTC(today.year, today.month - 1, today.day + i, 12)).toISOString().slice(0, 10);
      days.push({ date, slots_count: 0, best_discount_percent: 0 });
    }
    const byDate = new Map(days.map((d) => [d.date, d]));
    for (const s of await freeSlots(p, await viewerId(db, req, now()))) {
      const d = byDate.get(localParts(s.start, tz).date);
      if (!d) continue;
      d.slots_count++;
      d.best_discount_percent = Math.max(d.best_discount_percent, s.discount_percent);
    }
    return { data: { timezone: tz, days } };
  });

  app.get('/providers/:uuid/schedule_discounts', {
    schema: {
      tags: ['schedule'], summary: 'The free times that carry a schedule discount (next 21 days; on one date in the given zone when `date` is given)',
      params: Params, querystring: Type.Object({ timezone: Type.Optional(TZ), date: Type.Optional(Type.String({ format: 'date' })) }),
      response: {
        200: Type.Object({
          data: Type.Object({
            timezone: Type.String(),
            rules: Type.Array(Type.Object({ weekdays: Type.Array(Type.Integer()), start_hour: Type.Integer(), end_hour: Type.Integer(), percent: Type.Integer(), label: Type.String() })),
            slots: Type.Array(Type.Object({ start_time: Type.String(), percent: Type.Integer(), label: Type.String() })),
          }),
        }),
      },
    },
  }, async (req) => {
    const tz = checkTz(req.query.timezone);
    const p = await providerByUuid(db, req.params.uuid);
    const rules = await discountRules(db, p.id);
    const slots = [];
    for (const s of await availableSlots(db, p, now(), undefined, await viewerId(db, req, now()))) {
      if (req.query.date && localParts(s, tz).date !== req.query.date) continue;
      const d = discountFor(rules, p, s);
      if (d) slots.push({ start_time: iso(s), percent: d.percent, label: d.label });
    }
    return { data: { timezone: tz, rules: rules.map((r) => ({ ...r, weekdays: [...r.weekdays] })), slots } };
  });
}
