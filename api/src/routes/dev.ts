// Development-only routes (never registered when stage is production): the outbox where codes and
// e-mails land, helpers that mint the credentials of unreachable third parties, and reading what the
// internal tracker stored.
// Its SQL stays here: these tables are read and written only by this development tooling, no domain owns them.
import { Type } from '@sinclair/typebox';
import { notFound, type App } from '../core/http.js';
import { GOOGLE_STAND_IN_CERTS_PATH } from '../core/config.js';
import { Nullable } from '../core/schemas.js';
import {
  appToken,
  DEV_GOOGLE_CLIENT_ID,
  DEV_GOOGLE_ISSUER,
  developmentKey,
  findUser,
  GOOGLE_ISSUERS,
  Jwks,
  KLI_PURPOSE,
  signDevelopmentIdToken,
  signPartnerJwt,
} from '../identity/index.js';
import { totp } from '../core/totp.js';

export async function devRoutes(app: App) {
  const { ctx } = app;
  const db = ctx.db;
  const tags = ['development'];
  /**
   * Who the minted Google token says signed it, and for whom: the development issuer where it is trusted
   * (the development stage); elsewhere (the test stage) Google itself and our client id, so the sign-in
   * runs the production path against the stand-in's key set.
   */
  const googleStandIn = () =>
    ctx.google?.development || !ctx.google?.clientId
      ? { issuer: DEV_GOOGLE_ISSUER, audience: DEV_GOOGLE_CLIENT_ID }
      : { issuer: GOOGLE_ISSUERS[1]!, audience: ctx.google.clientId };

  const Message = Type.Object({
    id: Type.Integer(),
    channel: Type.String(),
    to: Type.String(),
    subject: Type.String(),
    body: Type.String(),
    code: Nullable(Type.String()),
    created_at: Type.String(),
  });
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags,
        summary: 'DEVELOPMENT OUTBOX: messages the api would have sent (SMS, WhatsApp, e-mail), newest first',
        querystring: Type.Object({
          to: Type.Optional(Type.String({ maxLength: 254, description: 'e-mail, or +<country code><mobile>' })),
          channel: Type.Optional(Type.String({ maxLength: 10 })),
        }),
        response: { 200: Type.Object({ data: Type.Array(Message) }) },
      },
    },
    async (req) => {
      const rows = await db.query<{
        id: number;
        channel: string;
        recipient: string;
        subject: string;
        body: string;
        code: string | null;
        created_at: Date;
      }>(
        `SELECT * FROM outbox WHERE ($1::text IS NULL OR recipient = lower($1)) AND ($2::text IS NULL OR channel = $2) ORDER BY id DESC LIMIT 100`,
        [req.query.to ?? null, req.query.channel ?? null],
      );
      return {
        data: rows.map((r) => ({
          id: r.id,
          channel: r.channel,
          to: r.recipient,
          subject: r.subject,
          body: r.body,
          code: r.code,
          created_at: new Date(r.created_at).toISOString(),
        })),
      };
    },
  );

  app.get(
    GOOGLE_STAND_IN_CERTS_PATH.replace('/api/v1', ''),
    {
      schema: {
        tags,
        summary:
          "The key set of the api's stand-in for Google (JWKS, as Google publishes its own): the test stage reads Google's keys here unless HAVEN_GOOGLE_JWKS_URL names others",
        response: { 200: Jwks },
      },
    },
    async () => (await developmentKey()).jwks,
  );

  app.get(
    '/dev/google_credential',
    {
      schema: {
        tags,
        summary: `Mint a Google ID token for POST /customers/google_sign_in (RS256, the nonce from POST /customers/google_nonce): in the development stage from the development issuer ${DEV_GOOGLE_ISSUER}; in the test stage as Google signs one (issuer ${GOOGLE_ISSUERS[1]}, our client id), with the stand-in's key (GET /api/v1/dev/google_certs)`,
        querystring: Type.Object({
          email: Type.String({ format: 'email' }),
          nonce: Type.Optional(Type.String({ maxLength: 1000, description: 'the nonce of this sign-in (Google puts it in the token)' })),
          given_name: Type.Optional(Type.String({ maxLength: 100 })),
          family_name: Type.Optional(Type.String({ maxLength: 100 })),
          audience: Type.Optional(Type.String({ maxLength: 200, description: 'another client id (tests of a token for someone else)' })),
          expires_in: Type.Optional(
            Type.Integer({ minimum: -86400, maximum: 86400, description: 'seconds; negative mints an expired token' }),
          ),
        }),
        response: { 200: Type.Object({ credential: Type.String() }) },
      },
    },
    async (req) => {
      const email = req.query.email.toLowerCase();
      return {
        credential: await signDevelopmentIdToken(
          {
            email,
            email_verified: true,
            given_name: req.query.given_name ?? 'Google',
            family_name: req.query.family_name ?? 'User',
            ...(req.query.nonce ? { nonce: req.query.nonce } : {}),
          },
          // Google's subject is its own id of the person; the stand-ins use the e-mail.
          {
            ...googleStandIn(),
            ...(req.query.audience ? { audience: req.query.audience } : {}),
            subject: email,
            ttlS: req.query.expires_in ?? 3600,
          },
        ),
      };
    },
  );

  app.get(
    '/dev/partner_token',
    {
      schema: {
        tags,
        summary:
          'Mint a partner-signed jwt_token (as the partner would: exp 5 min, iat, aud, iss = the organisation uuid, single-use jti) for b2b_link and partner sessions',
        querystring: Type.Object({ company_profile_uuid: Type.String({ format: 'uuid' }), email: Type.String({ format: 'email' }) }),
        response: { 200: Type.Object({ jwt_token: Type.String() }) },
      },
    },
    async (req) => {
      const [org] = await db.query<{ uuid: string; partner_secret: string }>(
        `SELECT uuid::text, partner_secret FROM organisations WHERE uuid::text = $1`,
        [req.query.company_profile_uuid],
      );
      if (!org) throw notFound(`Unknown company_profile_uuid ${req.query.company_profile_uuid}`);
      return { jwt_token: await signPartnerJwt(org, { email: req.query.email }) };
    },
  );

  app.get(
    '/dev/kli_link',
    {
      schema: {
        tags,
        summary:
          'Mint a partner-signed kli link (as the partner would: purpose kli_auto_login, the crn, exp 5 min, single-use jti): the auth_token of a CRNID link, for POST /customers/kli/auto_login',
        querystring: Type.Object({
          company_profile_uuid: Type.String({ format: 'uuid' }),
          crn: Type.String({ minLength: 1, maxLength: 64 }),
        }),
        response: { 200: Type.Object({ jwt_token: Type.String() }) },
      },
    },
    async (req) => {
      const [org] = await db.query<{ uuid: string; partner_secret: string }>(
        `SELECT uuid::text, partner_secret FROM organisations WHERE uuid::text = $1`,
        [req.query.company_profile_uuid],
      );
      if (!org) throw notFound(`Unknown company_profile_uuid ${req.query.company_profile_uuid}`);
      return { jwt_token: await signPartnerJwt(org, { crn: req.query.crn, purpose: KLI_PURPOSE }) };
    },
  );

  app.get(
    '/dev/totp',
    {
      schema: {
        tags,
        summary: 'Current partner one-time code of an organisation (uuid or short_code)',
        querystring: Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: Type.Object({ code: Type.String() }) },
      },
    },
    async (req) => {
      const [org] = await db.query<{ totp_secret: string }>(
        `SELECT totp_secret FROM organisations WHERE uuid::text = $1 OR short_code = $1`,
        [req.query.id],
      );
      if (!org) throw notFound(`Unknown organisation ${req.query.id}`);
      return { code: totp(org.totp_secret) };
    },
  );

  app.get(
    '/dev/app_token',
    {
      schema: {
        tags,
        summary: 'Mint an app token (what the native apps pass as app_token) for POST /customers/decode_token',
        querystring: Type.Object({
          email: Type.String({ format: 'email' }),
          secondary_profile_uuid: Type.Optional(Type.String({ format: 'uuid' })),
        }),
        response: { 200: Type.Object({ app_token: Type.String() }) },
      },
    },
    async (req) => {
      const u = await findUser(db, 'email', req.query.email);
      if (!u) throw notFound(`No user ${req.query.email}`);
      const claims = req.query.secondary_profile_uuid ? { secondary_profile_uuid: req.query.secondary_profile_uuid } : {};
      return { app_token: await appToken(ctx.secret, u.uuid, claims) };
    },
  );

  // ---- what the internal tracker stored (routes/telemetry.ts takes the events in every stage) ----
  app.get(
    '/telemetry/events',
    {
      schema: {
        tags: ['telemetry'],
        summary: 'Read stored events (tests assert on them), newest first',
        querystring: Type.Object({
          name: Type.Optional(Type.String({ maxLength: 200 })),
          anonymous_id: Type.Optional(Type.String({ maxLength: 200 })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
        }),
        response: {
          200: Type.Object({
            data: Type.Array(
              Type.Object({
                id: Type.Integer(),
                name: Type.String(),
                properties: Type.Record(Type.String(), Type.Unknown()),
                user_id: Nullable(Type.Integer()),
                anonymous_id: Nullable(Type.String()),
                timestamp: Nullable(Type.Integer()),
                received_at: Type.String(),
              }),
            ),
          }),
        },
      },
    },
    async (req) => {
      const rows = await db.query<{
        id: number;
        name: string;
        properties: Record<string, unknown>;
        user_id: number | null;
        anonymous_id: string | null;
        client_timestamp: number | null;
        received_at: Date;
      }>(
        `SELECT * FROM telemetry_events WHERE ($1::text IS NULL OR name = $1) AND ($3::text IS NULL OR anonymous_id = $3) ORDER BY id DESC LIMIT $2`,
        [req.query.name ?? null, req.query.limit ?? 100, req.query.anonymous_id ?? null],
      );
      return {
        data: rows.map((r) => ({
          id: r.id,
          name: r.name,
          properties: r.properties,
          user_id: r.user_id,
          anonymous_id: r.anonymous_id,
          timestamp: r.client_timestamp === null ? null : Number(r.client_timestamp),
          received_at: new Date(r.received_at).toISOString(),
        })),
      };
    },
  );
  app.delete(
    '/telemetry/events',
    {
      schema: { tags: ['telemetry'], summary: 'Clear stored events', response: { 200: Type.Object({ deleted: Type.Integer() }) } },
    },
    async () => ({ deleted: (await db.query(`DELETE FROM telemetry_events RETURNING id`)).length }),
  );
}
