// What the customer's app reads to set itself up: visibility, clinics, location, and per-profile configs.
import { Type } from '@sinclair/typebox';
import { HttpError, type App } from '../core/http.js';
import { Nullable } from '../core/schemas.js';
import { isValidTimeZone } from '../core/time.js';
import { communicationFlag, locationOf, setCommunicationFlag } from '../accounts/index.js';
import { clinicsWithCentres, DEFAULT_VISIBILITY, visibilityOf } from '../providers/index.js';

const auth = { auth: true };

/** The app's settings routes, in the order of the OpenAPI document. */
export async function customerSettingRoutes(app: App) {
  const db = app.ctx.db;
  app.get(
    '/customers/app_visibility_v2',
    {
      config: auth,
      schema: {
        tags: ['app'],
        summary: 'App visibility (v2)',
        response: {
          200: Type.Object({
            ...Object.fromEntries(
              Object.entries(DEFAULT_VISIBILITY).map(([k, v]) => [k, typeof v === 'boolean' ? Type.Boolean() : Type.Integer()]),
            ),
            is_org_plan: Type.Boolean({ description: "on an organisation's plan: its flags limit booking" }),
            plan_code: Type.Union([Type.Literal('2a'), Type.Literal('2b2'), Type.Literal('2b3'), Type.Null()], {
              description: 'The plan: the clinic cities it covers',
            }),
          }),
        },
      },
    },
    async (req) => visibilityOf(db, req.user),
  );
  app.get(
    '/customers/ih_clinics',
    {
      schema: {
        tags: ['app'],
        summary: 'In-house clinics with centres (data.data)',
        response: {
          200: Type.Object({
            data: Type.Array(
              Type.Object({
                id: Type.Integer(),
                code: Type.String(),
                name: Type.String(),
                centres: Type.Array(Type.Object({ id: Type.Integer(), centre_name: Type.String(), address: Type.String() })),
              }),
            ),
          }),
        },
      },
    },
    async () => ({ data: await clinicsWithCentres(db) }),
  );
  app.get(
    '/customers/user_location',
    {
      schema: {
        tags: ['app'],
        summary:
          'User location: the country from the request address (an offline IP database), else from the system time zone (X-Timezone header as fallback, default Asia/Kolkata)',
        querystring: Type.Object({ system_timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) }),
        response: {
          200: Type.Object({
            location: Type.Object({
              country: Type.String(),
              timezone: Type.String(),
              display_timezone: Type.String(),
              is_blacklisted_country: Type.Boolean(),
              is_international: Type.Boolean(),
            }),
          }),
        },
      },
    },
    async (req) => {
      const header = typeof req.headers['x-timezone'] === 'string' ? req.headers['x-timezone'] : undefined;
      const tz = req.query.system_timezone ?? header ?? 'Asia/Kolkata';
      if (!isValidTimeZone(tz)) throw new HttpError(400, `querystring/system_timezone is not a known IANA time zone: ${tz}`);
      return { location: locationOf({ address: req.ip, tz, now: Date.now(), zoneDecides: !app.ctx.isProduction }) };
    },
  );
  const ConfigKey = Type.Union([Type.Literal('new_profile_modal'), Type.Literal('new_profile_tooltip')]);
  app.get(
    '/customers/profile_communication_config',
    {
      config: auth,
      schema: {
        tags: ['app'],
        summary: 'New-profile modal/tooltip flag',
        querystring: Type.Object({ config_key: ConfigKey }),
        response: { 200: Type.Object({ config_key: Type.String(), status: Type.Boolean() }) },
      },
    },
    async (req) => ({ config_key: req.query.config_key, status: await communicationFlag(db, req.actor.id, req.query.config_key) }),
  );
  app.put(
    '/customers/profile_communication_config',
    {
      config: auth,
      schema: {
        tags: ['app'],
        summary: 'Set the new-profile modal/tooltip flag',
        body: Type.Object({ config_key: ConfigKey, status: Type.Boolean() }),
        response: { 200: Type.Object({ config_key: Type.String(), status: Type.Boolean() }) },
      },
    },
    async (req) => {
      await setCommunicationFlag(db, req.actor.id, req.body.config_key, req.body.status);
      return { config_key: req.body.config_key, status: req.body.status };
    },
  );
  app.get(
    '/customers/cf_booking_configs',
    {
      config: auth,
      schema: {
        tags: ['app'],
        summary: 'Corporate-partner (CF) booking configuration',
        response: {
          200: Type.Object({
            cf_booking_configs: Type.Object({
              is_cf_user: Type.Boolean(),
              sessions_per_year: Type.Integer(),
              allowed_provider_roles: Type.Array(Type.String()),
              requires_intake: Type.Boolean(),
              coupon_code: Nullable(Type.String()),
            }),
          }),
        },
      },
    },
    async (req) => {
      const cf = Boolean(req.user.is_cf_partner);
      return {
        cf_booking_configs: cf
          ? {
              is_cf_user: true,
              sessions_per_year: 12,
              allowed_provider_roles: ['cf-intake-specialist', 'cf-clinician'],
              requires_intake: true,
              coupon_code: 'CFCARE',
            }
          : { is_cf_user: false, sessions_per_year: 0, allowed_provider_roles: [], requires_intake: false, coupon_code: null },
      };
    },
  );
}
