// Waitlists and in-app notifications ("when there is no slot"). Joining needs no free slot in
// the patient's range; an opened slot is offered by bookings/waitlist.ts. Development adds the provider's
// side (the provider app is not part of this platform): a provider with no hours, and adding a slot.
import { Type } from '@sinclair/typebox';
import { HttpError, notFound, unprocessable, type App } from '../core/http.js';
import { limitsOf } from '../core/limits.js';
import { Nullable, Success } from '../core/schemas.js';
import { type ProviderRow, availableSlots, HORIZON_DAYS, assertRoleOffered, PROVIDER_ROLES, providerByUuid } from '../providers/index.js';
import { isValidTimeZone, zonedToUtc } from '../core/time.js';
import { offerInTurn, startSweep, type WaitlistRow } from '../bookings/index.js';
import { WAITLIST_OFFER_HOLD_MINUTES, WAITLIST_SWEEP_SECONDS } from '../config/waitlist.js';

const Waitlist = Type.Object({
  uuid: Type.String(), status: Type.Union(['waiting', 'offered', 'booked', 'left', 'lapsed'].map((s) => Type.Literal(s))),
  provider: Nullable(Type.Object({ uuid: Type.String(), firstname: Type.String(), lastname: Type.String() })), role: Nullable(Type.String()),
  range_start: Type.String(), range_end: Type.String(),
  offer: Nullable(Type.Object({
    provider: Type.Object({ uuid: Type.String(), firstname: Type.String(), lastname: Type.String() }), start_time: Type.String(),
    held_until: Type.String({ description: `the time is held for this patient until then (${WAITLIST_OFFER_HOLD_MINUTES} minutes after the offer); then it goes to the next in line` }),
  })),
});
const Notification = Type.Object({
  uuid: Type.String(), kind: Type.String(), title: Type.String(), body: Type.String(), link: Nullable(Type.String()), read: Type.Boolean(), created_at: Type.String(),
});
const UuidParams = Type.Object({ uuid: Type.String({ format: 'uuid' }) });
const BOOKABLE_ROLES = PROVIDER_ROLES.filter((r) => r !== 'care-coordinator');

type Row = WaitlistRow & { p_uuid: string | null; p_first: string | null; p_last: string | null; o_uuid: string | null; o_first: string | null; o_last: string | null };
const SELECT = `SELECT w.*, p.uuid::text AS p_uuid, p.firstname AS p_first, p.lastname AS p_last, o.uuid::text AS o_uuid, o.firstname AS o_first, o.lastname AS o_last
  FROM waitlists w LEFT JOIN providers p ON p.id = w.provider_id LEFT JOIN providers o ON o.id = w.offered_provider_id`;
const iso = (d: Date | string) => new Date(d).toISOString();
const serialize = (w: Row) => ({
  uuid: w.uuid, status: w.status as 'waiting', role: w.role, range_start: iso(w.range_start), range_end: iso(w.range_end),
  provider: w.p_uuid ? { uuid: w.p_uuid, firstname: w.p_first!, lastname: w.p_last! } : null,
  offer: w.o_uuid && w.offered_start && w.offer_expires_at
    ? { provider: { uuid: w.o_uuid, firstname: w.o_first!, lastname: w.o_last! }, start_time: iso(w.offered_start), held_until: iso(w.offer_expires_at) } : null,
});

/** Midnight starting `date` (YYYY-MM-DD) in `tz`. */
const dayStart = (date: string, tz: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return zonedToUtc(y, m, d, 0, 0, tz);
};

export async function waitlistRoutes(app: App) {
  const { ctx } = app;
  const db = ctx.db;
  const now = ctx.clock ?? Date.now;
  const mine = async (uuid: string, userId: number) => {
    const [w] = await db.query<Row>(`${SELECT} WHERE w.uuid::text = $1 AND w.user_id = $2`, [uuid, userId]);
    if (!w) throw notFound(`No waitlist ${uuid}`);
    return w;
  };

  app.post('/customers/waitlists', {
    config: { auth: true },
    schema: {
      tags: ['waitlists'], summary: 'Join the waitlist of a provider or a role for a date range with no free slot (an opened slot is offered in the app and by e-mail)',
      body: Type.Object({
        provider_uuid: Type.Optional(Type.String({ format: 'uuid' })), role: Type.Optional(Type.String({ maxLength: 40 })),
        from_date: Type.String({ format: 'date' }), to_date: Type.String({ format: 'date', description: 'last day of the range, inclusive' }),
        timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'IANA zone of the dates; default Asia/Kolkata' })),
      }),
      response: { 200: Type.Object({ data: Waitlist }, { description: 'already waiting for this provider or role: the existing entry, unchanged' }), 201: Type.Object({ data: Waitlist }) },
    },
  }, async (req, reply) => {
    const b = req.body;
    const limits = limitsOf(ctx);
    await limits.take('waitlist_join_address', req.ip);
    await limits.take('waitlist_join_user', String(req.user.id));
    if (Boolean(b.provider_uuid) === Boolean(b.role)) throw new HttpError(400, 'body must name exactly one of provider_uuid and role');
    if (b.role && !BOOKABLE_ROLES.includes(b.role)) throw new HttpError(400, `body/role must be one of ${BOOKABLE_ROLES.join(', ')}`);
    // Joining twice is answered with the entry that exists (the unique indexes of migration 036 hold
    // this under concurrent joins too: the losing INSERT does nothing and the winner's entry is answered).
    const active = async () => (await db.query<{ uuid: string }>(
      `SELECT uuid::text FROM waitlists WHERE user_id = $1 AND status IN ('waiting', 'offered') AND ${b.provider_uuid ? 'provider_id = (SELECT id FROM providers WHERE uuid::text = $2)' : 'role = $2'}`,
      [req.actor.id, b.provider_uuid ?? b.role]))[0];
    const existing = await active();
    if (existing) return { data: serialize(await mine(existing.uuid, req.actor.id)) };
    const tz = b.timezone ?? 'Asia/Kolkata';
    if (!isValidTimeZone(tz)) throw new HttpError(400, `body/timezone is not a known IANA time zone: ${tz}`);
    const start = Math.max(dayStart(b.from_date, tz), now());
    const end = dayStart(b.to_date, tz) + 86_400_000;
    if (end <= start) throw unprocessable('The range must end after it starts, and not in the past');
    if (end - start > 90 * 86_400_000) throw unprocessable('A waitlist range is at most 90 days');
    const providers = b.provider_uuid
      ? [await providerByUuid(db, b.provider_uuid)]
      : await db.query<ProviderRow>(`SELECT * FROM providers WHERE roles @> jsonb_build_array($1::text) AND NOT is_support_provider`, [b.role]);
    await assertRoleOffered(db, req.user, b.role ? [b.role] : providers[0]!.roles);
    for (const p of providers) {
      const days = Math.min(HORIZON_DAYS, Math.ceil((end - now()) / 86_400_000));
      if ((await availableSlots(db, p, now(), days)).some((s) => s >= start && s < end)) {
        throw new HttpError(409, 'There are free times in this range: please book one of them', { code: 'slots_available' });
      }
    }
    const [row] = await db.query<{ uuid: string }>(
      `INSERT INTO waitlists (user_id, provider_id, role, range_start, range_end) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING uuid::text`,
      [req.actor.id, b.provider_uuid ? providers[0]!.id : null, b.role ?? null, new Date(start).toISOString(), new Date(end).toISOString()]);
    const created = row ?? (await active());
    if (!created) throw new HttpError(409, 'Your waitlist entry changed while joining; please try again');
    if (row) reply.status(201);
    return { data: serialize(await mine(created.uuid, req.actor.id)) };
  });

  app.get('/customers/waitlists', {
    config: { auth: true },
    schema: { tags: ['waitlists'], summary: 'My waitlists (waiting and offered first, newest first)', response: { 200: Type.Object({ data: Type.Array(Waitlist) }) } },
  }, async (req) => ({
    data: (await db.query<Row>(`${SELECT} WHERE w.user_id = $1 AND w.status <> 'left' ORDER BY (w.status IN ('waiting', 'offered')) DESC, w.created_at DESC, w.id DESC`,
      [req.actor.id])).map(serialize),
  }));

  app.delete('/customers/waitlists/:uuid', {
    config: { auth: true }, schema: { tags: ['waitlists'], summary: 'Leave a waitlist', params: UuidParams, response: { 200: Success } },
  }, async (req) => {
    const w = await mine(req.params.uuid, req.actor.id);
    const left = await db.query(`UPDATE waitlists SET status = 'left' WHERE id = $1 AND status IN ('waiting', 'offered') RETURNING id`, [w.id]);
    // A time held for this patient goes to the next in line at once.
    if (left.length > 0 && w.status === 'offered' && w.offered_provider_id) await offerInTurn(db, [w.offered_provider_id], now());
    return { success: true };
  });

  app.get('/customers/notifications', {
    config: { auth: true },
    schema: { tags: ['notifications'], summary: 'In-app notifications of the acting profile, newest first', response: { 200: Type.Object({ data: Type.Array(Notification), meta: Type.Object({ unread: Type.Integer() }) }) } },
  }, async (req) => {
    const rows = await db.query<{ uuid: string; kind: string; title: string; body: string; link: string | null; read_at: Date | null; created_at: Date }>(
      `SELECT uuid::text, kind, title, body, link, read_at, created_at FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 50`, [req.actor.id]);
    const data = rows.map((n) => ({ uuid: n.uuid, kind: n.kind, title: n.title, body: n.body, link: n.link, read: n.read_at !== null, created_at: iso(n.created_at) }));
    return { data, meta: { unread: data.filter((n) => !n.read).length } };
  });

  app.post('/customers/notifications/:uuid/read', {
    config: { auth: true }, schema: { tags: ['notifications'], summary: 'Mark a notification read', params: UuidParams, response: { 200: Success } },
  }, async (req) => {
    const r = await db.query(`UPDATE notifications SET read_at = COALESCE(read_at, now()) WHERE uuid::text = $1 AND user_id = $2 RETURNING id`, [req.params.uuid, req.actor.id]);
    if (r.length === 0) throw notFound(`No notification ${req.params.uuid}`);
    return { success: true };
  });

  // Lapsed payment holds and offers reach the waitlist even when nobody acts (bookings/waitlist.ts sweepLapsed).
  const every = Number(process.env.HAVEN_WAITLIST_SWEEP_MS) || WAITLIST_SWEEP_SECONDS * 1000;
  const stop = startSweep(db, now, every, (e) => app.log.error({ err: e }, 'waitlist sweep failed'));
  app.addHook('onClose', async () => stop());

  if (ctx.isProduction) return;
  const tags = ['development'];
  app.post('/dev/providers', {
    schema: {
      tags, summary: 'DEVELOPMENT: a provider with no working hours (fully booked), for waitlist runs; online, free',
      body: Type.Object({ lastname: Type.String({ minLength: 1, maxLength: 60 }), role: Type.Optional(Type.String({ maxLength: 40 })) }),
      response: { 201: Type.Object({ data: Type.Object({ uuid: Type.String() }) }) },
    },
  }, async (req, reply) => {
    const role = req.body.role ?? 'therapist';
    if (!BOOKABLE_ROLES.includes(role)) throw new HttpError(400, `body/role must be one of ${BOOKABLE_ROLES.join(', ')}`);
    const online = { minimum_fee: 0, currency: 'INR', display_text: '₹0', international_pricing_display_text: '$0', couple: null };
    const [p] = await db.query<{ uuid: string }>(
      `INSERT INTO providers (firstname, lastname, roles, gender, languages, price_tier, concerns, currency, online_offering, work_days, bio)
       VALUES ('Wait', $1, $2, 'female', '["english"]', 5, '[]', 'INR', $3, '[]', 'A provider whose calendar is full.') RETURNING uuid::text`,
      [req.body.lastname, JSON.stringify([role]), JSON.stringify(online)]);
    reply.status(201);
    return { data: { uuid: p!.uuid } };
  });
  app.post('/dev/providers/:uuid/availability', {
    schema: {
      tags, summary: 'DEVELOPMENT: the provider adds a free slot (as their app would); the waitlist is offered it',
      params: UuidParams, body: Type.Object({ start_time: Type.String({ format: 'date-time' }) }),
      response: { 201: Type.Object({ offered: Type.Integer() }) },
    },
  }, async (req, reply) => {
    const p = await providerByUuid(db, req.params.uuid);
    await db.query(`INSERT INTO provider_extra_slots (provider_id, start_time) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [p.id, new Date(req.body.start_time).toISOString()]);
    reply.status(201);
    return { offered: await offerInTurn(db, [p.id], now()) };
  });
}
