// Provider discovery: search with filters, detail, dropdowns, my/suggested providers, schedule.
import { Type } from '@sinclair/typebox';
import { planRoleFilter } from '@haven/rules';
import { viewerId } from '../identity/index.js';
import { HttpError, type App } from '../core/http.js';
import { Nullable, Page, ProviderCard, ProviderDetail, ProviderSummary, ProviderSummarySchema } from '../core/schemas.js';
import { sponsorOf } from '../payments/index.js';
import {
  availableSlots,
  bookingOptionsOfUser,
  cardFields,
  myProviders,
  PROVIDER_ROLES,
  providerByUuid,
  providersOfRole,
  searchProviders,
  SESSION_MINUTES,
  slotCountsByDate,
  suggestedProviders,
  withEarliest,
  HORIZON_DAYS,
  LEAD_MS,
  unpaidHolds,
  type ProviderRow,
} from '../providers/index.js';
import { displayTime, isValidTimeZone, localParts } from '../core/time.js';

const List = Type.Object({ data: Type.Array(ProviderSummary) });

const TZ = Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone; default Asia/Kolkata' });
const checkTz = (tz: string) => {
  if (!isValidTimeZone(tz)) throw new HttpError(400, `querystring/timezone is not a known IANA time zone: ${tz}`);
  return tz;
};

/** The list's and the detail's cards: each summary with what a patient chooses by, "Covered by" for the viewer's package. */
async function providerCards(app: App, rows: ProviderRow[], viewer: number | null, now: number) {
  const db = app.ctx.db;
  const sponsor = viewer === null ? null : await sponsorOf(db, viewer);
  const summaries = await withEarliest(db, rows);
  const extra = await cardFields(db, rows, { assetHost: app.ctx.assetHost, now, sponsor });
  return rows.map((p, i) => ({ ...summaries[i]!, ...extra.get(p.id)! }));
}

/** A comma-separated list of filter values (lower-case words, digits, `_` and `-`). */
const ValueList = (maxLength: number, what: string) =>
  Type.String({ pattern: '^[A-Za-z0-9_-]+(,[A-Za-z0-9_-]+)*$', maxLength, description: `${what}, comma-separated` });
const listOf = (v: string | undefined): string[] => (v ? [...new Set(v.split(','))] : []);

/** Provider discovery, then a provider's detail and schedule (the order of the OpenAPI document). */
export async function providerRoutes(app: App) {
  discoveryRoutes(app);
  detailRoutes(app);
}

function discoveryRoutes(app: App) {
  const db = app.ctx.db;
  const now = app.ctx.clock ?? Date.now;

  app.get(
    '/providers',
    {
      schema: {
        tags: ['providers'],
        summary: 'Provider search with filters (the short-URL filter values); signed in: only what the plan books',
        querystring: Type.Object({
          // Several values of one filter are comma-separated (role=therapist,psychiatrist): one of them matches.
          role: Type.Optional(ValueList(200, 'provider roles')),
          language: Type.Optional(ValueList(200, 'languages')),
          gender: Type.Optional(ValueList(60, 'genders')),
          price_tier: Type.Optional(
            Type.String({ pattern: '^[1-5](,[1-5])*$', maxLength: 9, description: 'price tiers 1 to 5, comma-separated' }),
          ),
          concern: Type.Optional(ValueList(400, 'concern specialities')),
          mode: Type.Optional(Type.Union([Type.Literal('online'), Type.Literal('offline')])),
          couple: Type.Optional(Type.Boolean()),
          clinic: Type.Optional(Type.String({ maxLength: 10 })),
          currency: Type.Optional(Type.Union([Type.Literal('INR'), Type.Literal('USD')])),
          page: Type.Optional(Page),
          per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
        }),
        response: {
          200: Type.Object({
            data: Type.Array(ProviderCard),
            meta: Type.Object({ total: Type.Integer(), page: Type.Integer(), per_page: Type.Integer() }),
          }),
        },
      },
    },
    async (req) => {
      const { page: p, per_page: perPage, role, language, gender, price_tier: tiers, concern, ...rest } = req.query;
      const filters = {
        ...rest,
        role: listOf(role),
        language: listOf(language),
        gender: listOf(gender),
        price_tier: listOf(tiers).map(Number),
        concern: listOf(concern),
      };
      const page = p ?? 1;
      const per = perPage ?? 20;
      // A signed-in patient sees the providers their plan books (the plan rule the search page and the package card use).
      const viewer = await viewerId(db, req.headers, now());
      const plan = viewer === null ? null : await bookingOptionsOfUser(db, viewer);
      const { rows, total } = await searchProviders(
        db,
        { ...filters, plan: plan ? planRoleFilter(plan, filters.mode) : undefined },
        page,
        per,
      );
      return { data: await providerCards(app, rows, viewer, now()), meta: { total, page, per_page: per } };
    },
  );

  app.get(
    '/providers/dropdown_v2',
    {
      config: { auth: true },
      schema: {
        tags: ['providers'],
        summary: 'Providers dropdown (v2): provider_type=all or a role; include_support_providers adds care coordinators',
        querystring: Type.Object({
          provider_type: Type.String({ minLength: 1, maxLength: 40 }),
          include_support_providers: Type.Optional(Type.Boolean()),
        }),
        response: { 200: List },
      },
    },
    async (req) => {
      const { provider_type: t, include_support_providers: sup } = req.query;
      if (t !== 'all' && !PROVIDER_ROLES.includes(t))
        throw new HttpError(400, `querystring/provider_type must be all or one of ${PROVIDER_ROLES.join(', ')}`);
      return { data: await withEarliest(db, await providersOfRole(db, t, Boolean(sup))) };
    },
  );

  // The care team: each provider with the role they hold for me and my next session with them.
  const NextSession = Type.Object({ uuid: Type.String(), start_time: Type.String(), mode: Type.String(), session_type: Type.String() });
  const MyProvider = Type.Composite([
    ProviderSummarySchema,
    Type.Object({
      provider_type: Type.String({ description: 'the role this provider holds for me: therapist, psychiatrist, couplestherapist, ...' }),
      next_session: Nullable(NextSession),
    }),
  ]);
  app.get(
    '/customers/my_providers',
    {
      config: { auth: true },
      schema: {
        tags: ['providers'],
        summary: 'My providers, each with its role for me and my next session (nocache is ignored; native webviews send it)',
        querystring: Type.Object({ nocache: Type.Optional(Type.String({ maxLength: 30 })) }),
        response: { 200: Type.Object({ data: Type.Array(MyProvider) }) },
      },
    },
    async (req) => {
      const mine = await myProviders(db, req.actor.id, now());
      const summaries = await withEarliest(
        db,
        mine.map((m) => m.row),
      );
      return { data: mine.map((m, i) => ({ ...summaries[i]!, provider_type: m.row.provider_type, next_session: m.next_session })) };
    },
  );

  app.get(
    '/customers/suggested_providers',
    {
      config: { auth: true },
      schema: {
        tags: ['providers'],
        summary: 'Suggested providers for a dashboard section',
        querystring: Type.Object({
          section: Type.Union([
            Type.Literal('therapy'),
            Type.Literal('psychiatry'),
            Type.Literal('couples'),
            Type.Literal('coach'),
            Type.Literal('children_first'),
            Type.Literal('all'),
          ]),
        }),
        response: { 200: List },
      },
    },
    async (req) => {
      const role = {
        therapy: 'therapist',
        psychiatry: 'psychiatrist',
        couples: 'couplestherapist',
        coach: 'coach',
        children_first: 'childenfirstindia',
        all: 'all',
      }[req.query.section];
      return { data: await withEarliest(db, await suggestedProviders(db, role, req.actor.id)) };
    },
  );
}

function detailRoutes(app: App) {
  const db = app.ctx.db;
  const now = app.ctx.clock ?? Date.now;

  const UuidParams = Type.Object({ uuid: Type.String({ format: 'uuid' }) });
  app.get(
    '/providers/:uuid',
    {
      schema: {
        tags: ['providers'],
        summary: 'Provider detail',
        params: UuidParams,
        response: { 200: Type.Object({ data: ProviderDetail }) },
      },
    },
    async (req) => {
      const p = await providerByUuid(db, req.params.uuid);
      const [card] = await providerCards(app, [p], await viewerId(db, req.headers, now()), now());
      return { data: { ...card!, bio: p.bio, timezone: p.timezone } };
    },
  );

  app.get(
    '/providers/:uuid/schedule_dates',
    {
      schema: {
        tags: ['schedule'],
        summary: 'Dates with free slots in the given time zone (next 21 days)',
        params: UuidParams,
        querystring: Type.Object({ timezone: Type.Optional(TZ) }),
        response: {
          200: Type.Object({
            data: Type.Object({
              timezone: Type.String(),
              dates: Type.Array(Type.Object({ date: Type.String(), slots_count: Type.Integer() })),
            }),
          }),
        },
      },
    },
    async (req) => {
      const tz = checkTz(req.query.timezone ?? 'Asia/Kolkata');
      const p = await providerByUuid(db, req.params.uuid);
      const slots = await availableSlots(db, p, now(), undefined, await viewerId(db, req.headers, now()));
      return { data: { timezone: tz, dates: slotCountsByDate(slots, (s) => localParts(s, tz).date) } };
    },
  );

  app.get(
    '/providers/:uuid/slots',
    {
      schema: {
        tags: ['schedule'],
        summary:
          "Free slots on a date (YYYY-MM-DD in the given time zone), and the times held unpaid (the caller's own with their booking)",
        params: UuidParams,
        querystring: Type.Object({ date: Type.String({ format: 'date' }), timezone: Type.Optional(TZ) }),
        response: {
          200: Type.Object({
            data: Type.Object({
              timezone: Type.String(),
              date: Type.String(),
              slots: Type.Array(Type.Object({ start_time: Type.String(), end_time: Type.String(), display_time: Type.String() })),
              held: Type.Array(
                Type.Object({
                  start_time: Type.String(),
                  display_time: Type.String(),
                  held_until: Type.String({ description: 'when the hold lapses if it is not paid' }),
                  booking_uuid: Nullable(
                    Type.String({ description: "the caller's own held booking (to finish paying it); null for another patient's" }),
                  ),
                }),
                { description: 'times held by an unpaid booking, so a patient sees why a time is not free' },
              ),
            }),
          }),
        },
      },
    },
    async (req) => {
      const tz = checkTz(req.query.timezone ?? 'Asia/Kolkata');
      const p = await providerByUuid(db, req.params.uuid);
      const viewer = await viewerId(db, req.headers, now());
      const onDate = (s: number) => localParts(s, tz).date === req.query.date;
      const slots = (await availableSlots(db, p, now(), undefined, viewer)).filter(onDate).map((s) => ({
        start_time: new Date(s).toISOString(),
        end_time: new Date(s + SESSION_MINUTES * 60_000).toISOString(),
        display_time: displayTime(s, tz),
      }));
      const held = (await unpaidHolds(db, p.id, now() + LEAD_MS, now() + HORIZON_DAYS * 86_400_000, now(), viewer))
        .filter((h) => onDate(h.start))
        .map((h) => ({
          start_time: new Date(h.start).toISOString(),
          display_time: displayTime(h.start, tz),
          held_until: new Date(h.until).toISOString(),
          booking_uuid: h.bookingUuid,
        }));
      return { data: { timezone: tz, date: req.query.date, slots, held } };
    },
  );

  app.get(
    '/providers/:uuid/offered_durations',
    {
      schema: {
        tags: ['schedule'],
        summary: 'Session lengths (minutes) the provider offers, shortest first',
        params: UuidParams,
        response: { 200: Type.Object({ data: Type.Object({ durations: Type.Array(Type.Integer()) }) }) },
      },
    },
    async (req) => ({ data: { durations: [...(await providerByUuid(db, req.params.uuid)).offered_durations].sort((a, b) => a - b) } }),
  );
}
