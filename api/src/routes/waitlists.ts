// Waitlists and in-app notifications ("when there is no slot"). Joining needs no free slot in
// the patient's range; an opened slot is offered by bookings/waitlist.ts. Development adds the provider's
// side (the provider app is not part of this platform): a provider with no hours, and adding a slot.
import { Type } from '@sinclair/typebox';
import { HttpError, notFound, type App } from '../core/http.js';
import { limitsOf } from '../core/limits.js';
import { Nullable, Success } from '../core/schemas.js';
import { PROVIDER_ROLES, providerByUuid } from '../providers/index.js';
import {
  addProviderSlot,
  joinWaitlist,
  leaveWaitlist,
  markNotificationRead,
  notificationsOf,
  startSweep,
  waitlistsOf,
} from '../bookings/index.js';
import { WAITLIST_OFFER_HOLD_MINUTES, WAITLIST_SWEEP_SECONDS } from '../config/waitlist.js';

const Waitlist = Type.Object({
  uuid: Type.String(),
  status: Type.Union(['waiting', 'offered', 'booked', 'left', 'lapsed'].map((s) => Type.Literal(s))),
  provider: Nullable(Type.Object({ uuid: Type.String(), firstname: Type.String(), lastname: Type.String() })),
  role: Nullable(Type.String()),
  range_start: Type.String(),
  range_end: Type.String(),
  offer: Nullable(
    Type.Object({
      provider: Type.Object({ uuid: Type.String(), firstname: Type.String(), lastname: Type.String() }),
      start_time: Type.String(),
      held_until: Type.String({
        description: `the time is held for this patient until then (${WAITLIST_OFFER_HOLD_MINUTES} minutes after the offer); then it goes to the next in line`,
      }),
    }),
  ),
});
const Notification = Type.Object({
  uuid: Type.String(),
  kind: Type.String(),
  title: Type.String(),
  body: Type.String(),
  link: Nullable(Type.String()),
  read: Type.Boolean(),
  created_at: Type.String(),
});
const UuidParams = Type.Object({ uuid: Type.String({ format: 'uuid' }) });
const BOOKABLE_ROLES = PROVIDER_ROLES.filter((r) => r !== 'care-coordinator');

export async function waitlistRoutes(app: App) {
  const { ctx } = app;
  const db = ctx.db;
  const now = ctx.clock ?? Date.now;

  app.post(
    '/customers/waitlists',
    {
      config: { auth: true },
      schema: {
        tags: ['waitlists'],
        summary:
          'Join the waitlist of a provider or a role for a date range with no free slot (an opened slot is offered in the app and by e-mail)',
        body: Type.Object({
          provider_uuid: Type.Optional(Type.String({ format: 'uuid' })),
          role: Type.Optional(Type.String({ maxLength: 40 })),
          from_date: Type.String({ format: 'date' }),
          to_date: Type.String({ format: 'date', description: 'last day of the range, inclusive' }),
          timezone: Type.Optional(
            Type.String({ minLength: 1, maxLength: 64, description: 'IANA zone of the dates; default Asia/Kolkata' }),
          ),
        }),
        response: {
          200: Type.Object({ data: Waitlist }, { description: 'already waiting for this provider or role: the existing entry, unchanged' }),
          201: Type.Object({ data: Waitlist }),
        },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const limits = limitsOf(ctx);
      await limits.take('waitlist_join_address', req.ip);
      await limits.take('waitlist_join_user', String(req.user.id));
      if (Boolean(b.provider_uuid) === Boolean(b.role)) throw new HttpError(400, 'body must name exactly one of provider_uuid and role');
      if (b.role && !BOOKABLE_ROLES.includes(b.role)) throw new HttpError(400, `body/role must be one of ${BOOKABLE_ROLES.join(', ')}`);
      const { created, entry } = await joinWaitlist(db, req.actor.id, req.user, b, now);
      if (created) reply.status(201);
      return { data: entry };
    },
  );

  app.get(
    '/customers/waitlists',
    {
      config: { auth: true },
      schema: {
        tags: ['waitlists'],
        summary: 'My waitlists (waiting and offered first, newest first)',
        response: { 200: Type.Object({ data: Type.Array(Waitlist) }) },
      },
    },
    async (req) => ({ data: await waitlistsOf(db, req.actor.id) }),
  );

  app.delete(
    '/customers/waitlists/:uuid',
    {
      config: { auth: true },
      schema: { tags: ['waitlists'], summary: 'Leave a waitlist', params: UuidParams, response: { 200: Success } },
    },
    async (req) => {
      await leaveWaitlist(db, req.params.uuid, req.actor.id, now());
      return { success: true };
    },
  );

  app.get(
    '/customers/notifications',
    {
      config: { auth: true },
      schema: {
        tags: ['notifications'],
        summary: 'In-app notifications of the acting profile, newest first',
        response: { 200: Type.Object({ data: Type.Array(Notification), meta: Type.Object({ unread: Type.Integer() }) }) },
      },
    },
    async (req) => notificationsOf(db, req.actor.id),
  );

  app.post(
    '/customers/notifications/:uuid/read',
    {
      config: { auth: true },
      schema: { tags: ['notifications'], summary: 'Mark a notification read', params: UuidParams, response: { 200: Success } },
    },
    async (req) => {
      if (!(await markNotificationRead(db, req.params.uuid, req.actor.id))) throw notFound(`No notification ${req.params.uuid}`);
      return { success: true };
    },
  );

  // Lapsed payment holds and offers reach the waitlist even when nobody acts (bookings/waitlist.ts sweepLapsed).
  const every = Number(process.env.HAVEN_WAITLIST_SWEEP_MS) || WAITLIST_SWEEP_SECONDS * 1000;
  const stop = startSweep(db, now, every, (e) => app.log.error({ err: e }, 'waitlist sweep failed'));
  app.addHook('onClose', async () => stop());

  if (ctx.isProduction) return;
  const tags = ['development'];
  app.post(
    '/dev/providers',
    {
      schema: {
        tags,
        summary: 'DEVELOPMENT: a provider with no working hours (fully booked), for waitlist runs; online, free',
        body: Type.Object({ lastname: Type.String({ minLength: 1, maxLength: 60 }), role: Type.Optional(Type.String({ maxLength: 40 })) }),
        response: { 201: Type.Object({ data: Type.Object({ uuid: Type.String() }) }) },
      },
    },
    async (req, reply) => {
      // Development tooling (a fixture provider for waitlist runs), not a product write: its SQL stays here.
      const role = req.body.role ?? 'therapist';
      if (!BOOKABLE_ROLES.includes(role)) throw new HttpError(400, `body/role must be one of ${BOOKABLE_ROLES.join(', ')}`);
      const online = { minimum_fee: 0, currency: 'INR', display_text: '₹0', international_pricing_display_text: '$0', couple: null };
      const [p] = await db.query<{ uuid: string }>(
        `INSERT INTO providers (firstname, lastname, roles, gender, languages, price_tier, concerns, currency, online_offering, work_days, bio)
       VALUES ('Wait', $1, $2, 'female', '["english"]', 5, '[]', 'INR', $3, '[]', 'A provider whose calendar is full.') RETURNING uuid::text`,
        [req.body.lastname, JSON.stringify([role]), JSON.stringify(online)],
      );
      reply.status(201);
      return { data: { uuid: p!.uuid } };
    },
  );
  app.post(
    '/dev/providers/:uuid/availability',
    {
      schema: {
        tags,
        summary: 'DEVELOPMENT: the provider adds a free slot (as their app would); the waitlist is offered it',
        params: UuidParams,
        body: Type.Object({ start_time: Type.String({ format: 'date-time' }) }),
        response: { 201: Type.Object({ offered: Type.Integer() }) },
      },
    },
    async (req, reply) => {
      const p = await providerByUuid(db, req.params.uuid);
      reply.status(201);
      return { offered: await addProviderSlot(db, p.id, req.body.start_time, now()) };
    },
  );
}
