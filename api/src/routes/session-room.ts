// The session room: entering a booking's room (its patient with their own credentials, its
// provider with the room link the api issued), the room's state while in it, and, off production,
// the development helpers that let the whole room run locally.
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { chatPublicKeyOf } from '@haven/rules';
import { HttpError, notFound, type App } from '../core/http.js';
import { Nullable } from '../core/schemas.js';
import { limitsOf } from '../core/limits.js';
import { chatKeyProof, chatKeySigner, customTokenFor, findUser, turnServer } from '../identity/index.js';
import { SESSION_MINUTES } from '../providers/index.js';
import { insertLiveSession } from '../seed/index.js';
import { latestPatientRisk, PatientRisk } from '../care/index.js';
import {
  assertRoomOpen,
  checkProviderRoomLink,
  issueProviderRoomLink,
  roomBooking,
  relayCredentialEndsMs,
  roomAccessEndsMs,
  roomIdentity,
  roomRefusal,
  startSession,
  type RoomBooking,
  type RoomRole,
} from '../bookings/index.js';

const Params = Type.Object({ uuid: Type.String({ format: 'uuid' }) });
const RoomSession = Type.Object({
  uuid: Type.String(),
  status: Type.String(),
  start_time: Type.String(),
  end_time: Type.String(),
  provider: Type.Object({ firstname: Type.String(), lastname: Type.String() }),
  patient_first_name: Type.String(),
});
const ChatPublicKey = Type.Object(
  {
    kty: Type.Literal('EC'),
    crv: Type.Literal('P-256'),
    x: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }),
    y: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }),
  },
  { additionalProperties: false, description: "This person's chat public key (ECDH P-256, JWK)" },
);
const IceServer = Type.Object({ urls: Type.Array(Type.String()), username: Type.String(), credential: Type.String() });
const iso = (d: Date | string) => new Date(d).toISOString();
const roomSession = (b: RoomBooking) => ({
  uuid: b.uuid,
  status: b.status,
  start_time: iso(b.start_time),
  end_time: iso(b.end_time),
  provider: { firstname: b.p_firstname, lastname: b.p_lastname },
  patient_first_name: b.patient_first_name,
});

export async function sessionRoomRoutes(app: App) {
  const { ctx } = app;
  const db = ctx.db;
  const tags = ['session-room'];
  const now = () => (ctx.clock ?? Date.now)();

  /**
   * Acts as the person entering room `uuid`: its provider with the room link, otherwise its patient with
   * their credentials, while the room is open. Refusals are counted, reserved before anything is checked:
   * a wrong or replaced link and credentials that prove nobody per address (guessing links); a signed-in
   * patient's (someone else's session, guessed ids) as that person, never per address, so another client's
   * refusals behind the same address never keep a patient from their own room.
   */
  async function asRoomPerson<T>(
    req: FastifyRequest,
    uuid: string,
    roomToken: string | undefined,
    act: (role: RoomRole, b: RoomBooking) => Promise<T>,
  ): Promise<T> {
    const limits = limitsOf(ctx);
    const counts = (e: unknown) => e instanceof HttpError && (e.statusCode === 403 || e.statusCode === 404);
    if (roomToken)
      return limits.attempt(
        [['room_join_failed_address', req.ip]],
        async () => {
          const b = await checkProviderRoomLink(ctx, uuid, roomToken);
          assertRoomOpen(b, now());
          return act('provider', b);
        },
        { counts },
      );
    let signedIn = true;
    try {
      await app.authenticate(req);
    } catch (e) {
      if (!(e instanceof HttpError) || e.statusCode >= 500) throw e;
      signedIn = false;
    }
    if (!signedIn) {
      // Not 401: the web client treats a 401 as session loss; an old link is a page of its own.
      await limits.take('room_join_failed_address', req.ip);
      throw roomRefusal.linkInvalid();
    }
    return limits.attempt(
      [['room_join_failed_user', String(req.user.id)]],
      async () => {
        const b = await roomBooking(db, uuid);
        if (!b || b.user_id !== req.actor.id) throw roomRefusal.notYours();
        assertRoomOpen(b, now());
        return act('patient', b);
      },
      { counts },
    );
  }

  app.post(
    '/session_room/:uuid/join',
    {
      schema: {
        tags,
        summary:
          'Enter a session room: the patient with their credentials (headers), the provider with the room link (room_token). Answers the realtime token for rooms/{uuid}',
        params: Params,
        body: Type.Object({ room_token: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })) }),
        response: {
          200: Type.Object({
            data: Type.Object({
              role: Type.Union([Type.Literal('patient'), Type.Literal('provider')]),
              session: RoomSession,
              fb_token: Type.String({ description: 'Custom token for the realtime database: opens rooms/{uuid} to this person' }),
              ice_servers: Type.Array(IceServer, {
                description:
                  "TURN relays with this person's credential for this room (coturn's shared-secret scheme), valid for minutes and never past the session's end: the room enters again for a fresh one; empty when none is configured",
              }),
              patient_risk: Type.Optional(PatientRisk),
            }),
          }),
        },
      },
    },
    async (req) =>
      asRoomPerson(req, req.params.uuid, req.body?.room_token, async (role, b) => {
        const ident = roomIdentity(b, role);
        // The patient's latest risk answer goes to the booking's provider (their care team), never to anyone else.
        const risk = role === 'provider' ? { patient_risk: await latestPatientRisk(db, b.user_id) } : {};
        // A relay credential naming this room and this side, for minutes and never past the session's end.
        const relays = ctx.turn ? [turnServer(ctx.turn, `${b.uuid}.${role}`, relayCredentialEndsMs(b, now()) / 1000)] : [];
        return { data: { role, session: roomSession(b), fb_token: await customTokenFor(ctx, ident), ice_servers: relays, ...risk } };
      }),
  );

  app.post(
    '/session_room/:uuid/chat_key',
    {
      schema: {
        tags,
        summary:
          "Vouch for this person's chat public key in the room (docs/session-room.md, Chat encryption): entered as on joining (the patient's credentials, the provider's room_token); answers an ES256 proof naming the room, the side and the key's thumbprint, and the key that verifies it",
        params: Params,
        body: Type.Object({
          room_token: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
          public_key: ChatPublicKey,
        }),
        response: {
          200: Type.Object({
            data: Type.Object({
              role: Type.Union([Type.Literal('patient'), Type.Literal('provider')]),
              proof: Type.String({
                description: 'Compact JWS (ES256): iss, aud, room, role, jkt (RFC 7638 thumbprint of public_key), iat, exp',
              }),
              verification_key: Type.Object(
                {
                  kty: Type.Literal('EC'),
                  crv: Type.Literal('P-256'),
                  x: Type.String(),
                  y: Type.String(),
                  alg: Type.Literal('ES256'),
                  use: Type.Literal('sig'),
                  kid: Type.String(),
                },
                { description: "The api's public key for chat-key proofs: the room verifies the other side's proof with it" },
              ),
            }),
          }),
        },
      },
    },
    async (req) =>
      asRoomPerson(req, req.params.uuid, req.body.room_token, async (role, b) => {
        const key = chatPublicKeyOf(req.body.public_key);
        if (!key) throw new HttpError(422, 'This is not a P-256 public key.', { code: 'chat_key_invalid' });
        // Named exactly: this room, this side, this key; valid while the room lets its people in.
        const proof = await chatKeyProof(ctx.secret, { room: b.uuid, role, key }, roomAccessEndsMs(b) / 1000);
        return { data: { role, proof, verification_key: (await chatKeySigner(ctx.secret)).publicJwk } };
      }),
  );

  app.get(
    '/session_room/:uuid',
    {
      config: { auth: true },
      schema: {
        tags,
        summary: "The room's session as its patient sees it while in the room (status, times)",
        params: Params,
        response: { 200: Type.Object({ data: RoomSession }) },
      },
    },
    async (req) => {
      const b = await roomBooking(db, req.params.uuid);
      if (!b || b.user_id !== req.actor.id) throw notFound(`No booking ${req.params.uuid}`);
      return { data: roomSession(b) };
    },
  );

  app.post(
    '/customers/bookings/:uuid/session_start',
    {
      config: { auth: true },
      schema: {
        tags,
        summary:
          "The patient starts their session from the room (after joining): the first start is recorded, a repeat answers the same moment. Refusals as on joining (404 room_not_yours for anyone else's)",
        params: Params,
        response: {
          200: Type.Object({ data: Type.Object({ uuid: Type.String(), session_started_at: Type.String({ format: 'date-time' }) }) }),
        },
      },
    },
    async (req) => {
      const b = await roomBooking(db, req.params.uuid);
      if (!b || b.user_id !== req.actor.id) throw roomRefusal.notYours();
      const at = await startSession(db, b, now());
      return { data: { uuid: b.uuid, session_started_at: at.toISOString() } };
    },
  );

  if (ctx.isProduction) return;
  const dev = ['development'];

  app.post(
    '/dev/session_room',
    {
      schema: {
        tags: dev,
        summary: 'DEVELOPMENT: a confirmed online session for the patient starting now (or cancelled), with its provider room link',
        body: Type.Object({
          email: Type.String({ format: 'email' }),
          status: Type.Optional(Type.Union([Type.Literal('confirmed'), Type.Literal('cancelled')])),
          minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 240 })),
          // Within the room's open window before the start: a session that may still be cancelled.
          starts_in_minutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
          // Whom the session is with (else the first provider offering online sessions).
          provider_uuid: Type.Optional(Type.String({ format: 'uuid' })),
          // What the session cost, paid through the simulated gateway (else a free session).
          fee: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
        }),
        response: { 201: Type.Object({ data: Type.Object({ uuid: Type.String(), room_token: Type.String(), end_time: Type.String() }) }) },
      },
    },
    async (req, reply) => {
      // Development tooling (a fixture session for room runs, src/seed/live-session.ts), not a product write.
      const user = await findUser(db, 'email', req.body.email.toLowerCase());
      if (!user) throw notFound('No such user');
      const [p] = await db.query<{ id: number }>(
        `SELECT id FROM providers WHERE online_offering IS NOT NULL AND NOT is_support_provider AND ($1::uuid IS NULL OR uuid = $1::uuid) ORDER BY id LIMIT 1`,
        [req.body.provider_uuid ?? null],
      );
      if (!p) throw notFound('No such provider offering online sessions');
      const row = await insertLiveSession(db, {
        userId: user.id,
        providerId: p.id,
        start: now() + (req.body.starts_in_minutes ?? 0) * 60_000,
        minutes: req.body.minutes ?? SESSION_MINUTES,
        status: req.body.status ?? 'confirmed',
        fee: req.body.fee ?? 0,
      });
      const b = (await roomBooking(db, row.uuid))!;
      reply.status(201);
      return { data: { uuid: b.uuid, room_token: await issueProviderRoomLink(ctx, b), end_time: iso(b.end_time) } };
    },
  );

  app.get(
    '/dev/room_link',
    {
      schema: {
        tags: dev,
        summary: "DEVELOPMENT: mint the provider's room link token for a booking (what the provider's own tools would send them)",
        querystring: Type.Object({ booking_uuid: Type.String({ format: 'uuid' }) }),
        response: { 200: Type.Object({ room_token: Type.String() }) },
      },
    },
    async (req) => {
      const b = await roomBooking(db, req.query.booking_uuid);
      if (!b) throw notFound('No such booking');
      return { room_token: await issueProviderRoomLink(ctx, b) };
    },
  );

  app.get(
    '/dev/realtime',
    {
      schema: {
        tags: dev,
        summary: 'DEVELOPMENT: what the realtime database holds at a path (its last snapshot), e.g. to see that chat is stored encrypted',
        querystring: Type.Object({ path: Type.String({ minLength: 1, maxLength: 300 }) }),
        response: { 200: Type.Object({ data: Nullable(Type.Unknown()) }) },
      },
    },
    async (req) => {
      let node: unknown = ctx.realtimeData?.() ?? null;
      for (const key of req.query.path.split('/').filter(Boolean)) {
        node = node && typeof node === 'object' ? ((node as Record<string, unknown>)[key] ?? null) : null;
      }
      return { data: node ?? null };
    },
  );
}
