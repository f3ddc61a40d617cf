// Provider discovery: search with filters, detail, dropdowns, my/suggested providers, schedule.
import { Type } from '@sinclair/typebox';
import { viewerId } from '../identity/index.js';
import { HttpError, type App } from '../core/http.js';
import { Nullable, Page, ProviderDetail, ProviderSummary, ProviderSummarySchema } from '../core/schemas.js';
import { providerDetail, type ProviderRow, PROVIDER_ROLES, providerByUuid, withEarliest, availableSlots, earliestFor, SESSION_MINUTES, HORIZON_DAYS, LEAD_MS, unpaidHolds } from '../providers/index.js';
import { displayTime, isValidTimeZone, localParts } from '../core/time.js';

const List = Type.Object({ data: Type.Array(ProviderSummary) });

const TZ = Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone; default Asia/Kolkata' });
const checkTz = (tz: string) => {
  if (!isValidTimeZone(tz)) throw new HttpError(400, `querystring/timezone is not a known IANA time zone: ${tz}`);
  return tz;
};

export async function providerRoutes(app: App) {
  const db = app.ctx.db;
  const now = app.ctx.clock ?? Date.now;

  app.get('/providers', {
    schema: {
      tags: ['providers'], summary: 'Provider search with filters (the short-URL filter values)',
      querystring: Type.Object({
        role: Type.Optional(Type.String({ maxLength: 40 })), language: Type.Optional(Type.String({ maxLength: 40 })),
        gender: Type.Optional(Type.String({ maxLength: 20 })), price_tier: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
        concern: Type.Optional(Type.String({ maxLength: 60 })), mode: Type.Optional(Type.Union([Type.Literal('online'), Type.Literal('offline')])),
        couple: Type.Optional(Type.Boolean()), clinic: Type.Optional(Type.String({ maxLength: 10 })), currency: Type.Optional(Type.Union([Type.Literal('INR'), Type.Literal('USD')])),
        page: Type.Optional(Page), per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
      }),
      response: { 200: Type.Object({ data: Type.Array(ProviderSummary), meta: Type.Object({ total: Type.Integer(), page: Type.Integer(), per_page: Type.Integer() }) }) },
    },
  }, async (req) => {
    const f = req.query;
    const where: string[] = ['NOT is_support_provider'];
    const params: unknown[] = [];
    const add = (sql: string, v: unknown) => { params.push(v); where.push(sql.replace(':v', `$${params.length}`)); };
    if (f.role) add(`roles @> jsonb_build_array(:v::text)`, f.role);
    if (f.language) add(`languages @> jsonb_build_array(:v::text)`, f.language.toLowerCase());
    if (f.gender) add(`gender = :v`, f.gender.toLowerCase());
    if (f.price_tier) add(`price_tier = :v`, f.price_tier);
    if (f.concern) add(`concerns @> jsonb_build_array(:v::text)`, f.concern.toLowerCase());
    if (f.currency) add(`currency = :v`, f.currency);
    if (f.mode === 'online') where.push('online_offering IS NOT NULL');
    if (f.mode === 'offline') where.push('offline_offering IS NOT NULL');
    if (f.couple) where.push(`(jsonb_typeof(online_offering->'couple') = 'object' OR jsonb_typeof(offline_offering->'couple') = 'object')`);
    if (f.clinic) add(`EXISTS (SELECT 1 FROM clinic_centres cc JOIN clinics c ON c.id = cc.clinic_id WHERE c.code = :v AND providers.clinic_centre_ids @> to_jsonb(cc.id))`, f.clinic);
    const sqlWhere = where.join(' AND ');
    const page = f.page ?? 1;
    const per = f.per_page ?? 20;
    const [{ total }] = (await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM providers WHERE ${sqlWhere}`, params)) as [{ total: number }];
    const rows = await db.query<ProviderRow>(`SELECT * FROM providers WHERE ${sqlWhere} ORDER BY price_tier, id LIMIT ${per} OFFSET ${(page - 1) * per}`, params);
    return { data: await withEarliest(db, rows), meta: { total, page, per_page: per } };
  });

  app.get('/providers/dropdown_v2', {
    config: { auth: true },
    schema: {
      tags: ['providers'], summary: 'Providers dropdown (v2): provider_type=all or a role; include_support_providers adds care coordinators',
      querystring: Type.Object({ provider_type: Type.String({ minLength: 1, maxLength: 40 }), include_support_providers: Type.Optional(Type.Boolean()) }),
      response: { 200: List },
    },
  }, async (req) => {
    const { provider_type: t, include_support_providers: sup } = req.query;
    if (t !== 'all' && !PROVIDER_ROLES.includes(t)) throw new HttpError(400, `querystring/provider_type must be all or one of ${PROVIDER_ROLES.join(', ')}`);
    const rows = await db.query<ProviderRow>(
      `SELECT * FROM providers WHERE ($1 = 'all' OR roles @> jsonb_build_array($1::text)) AND ($2 OR NOT is_support_provider) ORDER BY firstname, id`, [t, Boolean(sup)]);
    return { data: await withEarliest(db, rows) };
  });

  // The care team: each provider with the role they hold for me and my next session with them.
  const NextSession = Type.Object({ uuid: Type.String(), start_time: Type.String(), mode: Type.String(), session_type: Type.String() });
  const MyProvider = Type.Composite([ProviderSummarySchema, Type.Object({
    provider_type: Type.String({ description: 'the role this provider holds for me: therapist, psychiatrist, couplestherapist, ...' }),
    next_session: Nullable(NextSession),
  })]);
  app.get('/customers/my_providers', {
    config: { auth: true },
    schema: {
      tags: ['providers'], summary: 'My providers, each with its role for me and my next session (nocache is ignored; native webviews send it)',
      querystring: Type.Object({ nocache: Type.Optional(Type.String({ maxLength: 30 })) }), response: { 200: Type.Object({ data: Type.Array(MyProvider) }) },
    },
  }, async (req) => {
    const rows = await db.query<ProviderRow & { provider_type: string }>(
      `SELECT p.*, up.provider_type FROM providers p JOIN user_providers up ON up.provider_id = p.id WHERE up.user_id = $1 ORDER BY p.id`, [req.actor.id]);
    const next = await db.query<{ provider_id: number; uuid: string; start_time: Date; mode: string; session_type: string }>(
      `SELECT DISTINCT ON (provider_id) provider_id, uuid::text, start_time, mode, session_type FROM bookings
       WHERE user_id = $1 AND status IN ('confirmed', 'pending') AND start_time > $2 ORDER BY provider_id, start_time`, [req.actor.id, new Date(now()).toISOString()]);
    const summaries = await withEarliest(db, rows);
    return {
      data: rows.map((r, i) => {
        const n = next.find((b) => b.provider_id === r.id);
        return {
          ...summaries[i]!, provider_type: r.provider_type,
          next_session: n ? { uuid: n.uuid, start_time: new Date(n.start_time).toISOString(), mode: n.mode, session_type: n.session_type } : null,
        };
      }),
    };
  });

  app.get('/customers/suggested_providers', {
    config: { auth: true },
    schema: {
      tags: ['providers'], summary: 'Suggested providers for a dashboard section',
      querystring: Type.Object({ section: Type.Union([Type.Literal('therapy'), Type.Literal('psychiatry'), Type.Literal('couples'), Type.Literal('coach'), Type.Literal('children_first'), Type.Literal('all')]) }),
      response: { 200: List },
    },
  }, async (req) => {
    const role = { therapy: 'therapist', psychiatry: 'psychiatrist', couples: 'couplestherapist', coach: 'coach', children_first: 'childenfirstindia', all: 'all' }[req.query.section];
    const rows = await db.query<ProviderRow>(
      `SELECT * FROM providers WHERE ($1 = 'all' OR roles @> jsonb_build_array($1::text)) AND NOT is_support_provider
         AND id NOT IN (SELECT provider_id FROM user_providers WHERE user_id = $2) AND id NOT IN (SELECT provider_id FROM provider_declines WHERE user_id = $2) ORDER BY price_tier, id LIMIT 6`, [role, req.actor.id]);
    return { data: await withEarliest(db, rows) };
  });

  const UuidParams = Type.Object({ uuid: Type.String({ format: 'uuid' }) });
  app.get('/providers/:uuid', {
    schema: { tags: ['providers'], summary: 'Provider detail', params: UuidParams, response: { 200: Type.Object({ data: ProviderDetail }) } },
  }, async (req) => {
    const p = await providerByUuid(db, req.params.uuid);
    const e = await earliestFor(db, [p]);
    return { data: providerDetail(p, e.get(p.id) ?? null) };
  });

  app.get('/providers/:uuid/schedule_dates', {
    schema: {
      tags: ['schedule'], summary: 'Dates with free slots in the given time zone (next 21 days)',
      params: UuidParams, querystring: Type.Object({ timezone: Type.Optional(TZ) }),
      response: { 200: Type.Object({ data: Type.Object({ timezone: Type.String(), dates: Type.Array(Type.Object({ date: Type.String(), slots_count: Type.Integer() })) }) }) },
    },
  }, async (req) => {
    const tz = checkTz(req.query.timezone ?? 'Asia/Kolkata');
    const p = await providerByUuid(db, req.params.uuid);
    const counts = new Map<string, number>();
    for (const s of await availableSlots(db, p, now(), undefined, await viewerId(db, req, now()))) {
      const d = localParts(s, tz).date;
      counts.set(d, (counts.get(d) ?? 0) + 1);
    }
    return { data: { timezone: tz, dates: [...counts].map(([date, slots_count]) => ({ date, slots_count })) } };
  });

  app.get('/providers/:uuid/slots', {
    schema: {
      tags: ['schedule'], summary: 'Free slots on a date (YYYY-MM-DD in the given time zone), and the times held unpaid (the caller\'s own with their booking)',
      params: UuidParams, querystring: Type.Object({ date: Type.String({ format: 'date' }), timezone: Type.Optional(TZ) }),
      response: {
        200: Type.Object({
          data: Type.Object({
            timezone: Type.String(), date: Type.String(),
            slots: Type.Array(Type.Object({ start_time: Type.String(), end_time: Type.String(), display_time: Type.String() })),
            held: Type.Array(Type.Object({
              start_time: Type.String(), display_time: Type.String(),
              held_until: Type.String({ description: 'when the hold lapses if it is not paid' }),
              booking_uuid: Nullable(Type.String({ description: 'the caller\'s own held booking (to finish paying it); null for another patient\'s' })),
            }), { description: 'times held by an unpaid booking, so a patient sees why a time is not free' }),
          }),
        }),
      },
    },
  }, async (req) => {
    const tz = checkTz(req.query.timezone ?? 'Asia/Kolkata');
    const p = await providerByUuid(db, req.params.uuid);
    const viewer = await viewerId(db, req, now());
    const onDate = (s: number) => localParts(s, tz).date === req.query.date;
    const slots = (await availableSlots(db, p, now(), undefined, viewer)).filter(onDate).map((s) => ({
      start_time: new Date(s).toISOString(), end_time: new Date(s + SESSION_MINUTES * 60_000).toISOString(), display_time: displayTime(s, tz),
    }));
    const held = (await unpaidHolds(db, p.id, now() + LEAD_MS, now() + HORIZON_DAYS * 86_400_000, now(), viewer)).filter((h) => onDate(h.start)).map((h) => ({
      start_time: new Date(h.start).toISOString(), display_time: displayTime(h.start, tz), held_until: new Date(h.until).toISOString(), booking_uuid: h.bookingUuid,
    }));
    return { data: { timezone: tz, date: req.query.date, slots, held } };
  });

  app.get('/providers/:uuid/offered_durations', {
    schema: {
      tags: ['schedule'], summary: 'Session lengths (minutes) the provider offers, shortest first',
      params: UuidParams, response: { 200: Type.Object({ data: Type.Object({ durations: Type.Array(Type.Integer()) }) }) },
    },
  }, async (req) => ({ data: { durations: [...(await providerByUuid(db, req.params.uuid)).offered_durations].sort((a, b) => a - b) } }));
}
