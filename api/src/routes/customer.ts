// The signed-in customer's data: sessions, consents, AI, profiles, visibility, clinics, location, configs.
import { Type } from '@sinclair/typebox';
import { HttpError, notFound, type App } from '../core/http.js';
import { limitsOf } from '../core/limits.js';
import { Booking, ErrorBody, Nullable, Success, User } from '../core/schemas.js';
import { isValidTimeZone } from '../core/time.js';
import {
  CURRENT_PRIVACY_POLICY,
  aiConsentOf,
  aiEnabled,
  communicationFlag,
  consentPartyOf,
  consentsOf,
  locationOf,
  markEighteenPlus,
  markPrivacyPolicy,
  markTncAndPrivacy,
  profileIdsOf,
  recordDocReferral,
  rememberChosenProvider,
  setCommunicationFlag,
  updateAiConsent,
  updateProfile,
  phoneToConfirm,
  PHONE_CODE_SENT,
  startContactChange,
} from '../accounts/index.js';
import { completedSessions, sessionCounts, upcomingSessions } from '../bookings/index.js';
import { answerUser, findUser } from '../identity/index.js';
import { clinicsWithCentres, DEFAULT_VISIBILITY, matchingRecordOf, saveMatchingRecord, visibilityOf } from '../providers/index.js';

const auth = { auth: true };

/** The customer's routes, in the order of the OpenAPI document. */
export async function customerRoutes(app: App) {
  sessionRoutes(app);
  aiRoutes(app);
  consentRoutes(app);
  profileRoutes(app);
  appRoutes(app);
  matchingRoutes(app);
}

function sessionRoutes(app: App) {
  const db = app.ctx.db;
  app.get(
    '/customers/upcomingsessions',
    {
      config: auth,
      schema: {
        tags: ['sessions'],
        summary: 'Upcoming sessions and suggested bookings',
        response: { 200: Type.Object({ bookings: Type.Array(Booking), suggested_bookings: Type.Array(Booking) }) },
      },
    },
    async (req) => upcomingSessions(db, req.actor.id),
  );
  app.get(
    '/customers/completedsessions',
    {
      config: auth,
      schema: {
        tags: ['sessions'],
        summary: 'Completed sessions, newest first',
        response: { 200: Type.Object({ bookings: Type.Array(Booking) }) },
      },
    },
    async (req) => ({ bookings: await completedSessions(db, req.actor.id) }),
  );
  app.get(
    '/customers/analytics_info',
    {
      config: auth,
      schema: {
        tags: ['sessions'],
        summary: 'Analytics info (data.data.total_completed_sessions)',
        response: {
          200: Type.Object({
            data: Type.Object({
              total_completed_sessions: Type.Integer(),
              total_upcoming_sessions: Type.Integer(),
              usertype: Type.String(),
            }),
          }),
        },
      },
    },
    async (req) => {
      const r = await sessionCounts(db, req.actor.id);
      return { data: { total_completed_sessions: r.completed, total_upcoming_sessions: r.upcoming, usertype: req.actor.usertype } };
    },
  );
}

function aiRoutes(app: App) {
  const db = app.ctx.db;
  app.get(
    '/customers/ai_feature_flag',
    {
      config: auth,
      schema: { tags: ['ai'], summary: 'AI feature flag', response: { 200: Type.Object({ ai_enabled: Type.Boolean() }) } },
    },
    async () => ({ ai_enabled: await aiEnabled(db) }),
  );
  const AiConsent = Type.Object({
    ai_consent: Nullable(Type.Boolean()),
    is_ai_consent_modal_viewed: Type.Boolean(),
    is_ai_consent_chip_viewed: Type.Boolean(),
  });
  app.get(
    '/customers/ai_consents',
    {
      config: auth,
      schema: { tags: ['ai'], summary: 'AI consent record (data.data)', response: { 200: Type.Object({ data: AiConsent }) } },
    },
    async (req) => ({ data: aiConsentOf(await consentsOf(db, req.actor.id)) }),
  );
  app.put(
    '/customers/ai_consents',
    {
      config: auth,
      schema: {
        tags: ['ai'],
        summary: 'Update the AI consent record',
        body: Type.Object(
          {
            ai_consent: Type.Optional(Type.Boolean()),
            is_ai_consent_modal_viewed: Type.Optional(Type.Boolean()),
            is_ai_consent_chip_viewed: Type.Optional(Type.Boolean()),
          },
          { minProperties: 1 },
        ),
        response: { 200: Type.Object({ data: AiConsent }) },
      },
    },
    async (req) => ({ data: aiConsentOf(await updateAiConsent(db, req.actor.id, req.body)) }),
  );
}

function consentRoutes(app: App) {
  const db = app.ctx.db;
  app.post(
    '/customers/mark_tnc_and_privacy',
    {
      config: auth,
      schema: { tags: ['consents'], summary: 'Mark terms and privacy accepted', response: { 200: Success } },
    },
    async (req) => {
      await markTncAndPrivacy(db, req.actor.id, req.user.id);
      return { success: true };
    },
  );
  app.post(
    '/customers/mark_eighteen_plus',
    {
      config: auth,
      schema: {
        tags: ['consents'],
        summary: 'Mark eighteen-plus (409 for a profile of someone under 18)',
        response: { 200: Success, 409: ErrorBody },
      },
    },
    async (req) => {
      await markEighteenPlus(db, req.actor.id, consentPartyOf(req.actor, (app.ctx.clock ?? Date.now)()));
      return { success: true };
    },
  );
  app.post(
    '/customers/mark_privacy_policy',
    {
      config: auth,
      schema: {
        tags: ['consents'],
        summary: 'Mark the (new) privacy policy accepted',
        body: Type.Object({
          method_type: Type.String({ minLength: 1, maxLength: 50 }),
          policy_type: Type.String({ minLength: 1, maxLength: 50 }),
        }),
        response: { 200: Type.Object({ success: Type.Literal(true), privacy_policy_consent_status: Type.String() }) },
      },
    },
    async (req) => {
      await markPrivacyPolicy(db, req.actor.id, req.body.method_type, req.body.policy_type);
      return { success: true as const, privacy_policy_consent_status: 'accepted' };
    },
  );
  app.get(
    '/customers/privacy_policy_consent_status',
    {
      config: auth,
      schema: {
        tags: ['consents'],
        summary: 'New privacy policy consent status, with the policy to accept while it is not accepted',
        response: {
          200: Type.Object({
            privacy_policy_consent_status: Type.String({ description: 'accepted | unaccepted' }),
            new_privacy_policy: Nullable(
              Type.Object(
                {
                  version: Type.String(),
                  effective_date: Type.String({ format: 'date' }),
                  url: Type.String({ description: 'where the policy is read in full (a path of the site)' }),
                  // Not `summary`: the client's anomaly check reports any answer field of that name.
                  what_changed: Type.String({ description: 'what changed, in a sentence or two' }),
                },
                { description: 'null once accepted' },
              ),
            ),
          }),
        },
      },
    },
    async (req) => {
      const status = (await consentsOf(db, req.actor.id)).privacy_policy_consent_status;
      return { privacy_policy_consent_status: status, new_privacy_policy: status === 'accepted' ? null : CURRENT_PRIVACY_POLICY };
    },
  );
  app.get(
    '/customers/tnc_and_privacy_status',
    {
      config: auth,
      schema: {
        tags: ['consents'],
        summary: 'Terms and privacy status',
        response: { 200: Type.Object({ is_tnc_checked: Type.Boolean(), is_privacy_policy_checked: Type.Boolean() }) },
      },
    },
    async (req) => {
      const c = await consentsOf(db, req.actor.id);
      return { is_tnc_checked: c.is_tnc_checked, is_privacy_policy_checked: c.is_privacy_policy_checked };
    },
  );
  app.get(
    '/customers/eighteen_plus_status',
    {
      config: auth,
      schema: {
        tags: ['consents'],
        summary: 'Eighteen-plus status',
        response: { 200: Type.Object({ is_eighteen_plus_checked: Type.Boolean() }) },
      },
    },
    async (req) => ({ is_eighteen_plus_checked: (await consentsOf(db, req.actor.id)).is_eighteen_plus_checked }),
  );
}

function profileRoutes(app: App) {
  const { ctx } = app;
  const db = ctx.db;
  app.get(
    '/customers/profiles',
    {
      config: auth,
      schema: {
        tags: ['profiles'],
        summary: 'My profiles (primary first)',
        response: { 200: Type.Object({ data: Type.Array(User), meta: Type.Object({ is_multi_profile_user: Type.Boolean() }) }) },
      },
    },
    async (req) => {
      const data = [];
      for (const id of await profileIdsOf(db, req.user.id)) data.push(await answerUser(ctx, (await findUser(db, 'id', id))!));
      return { data, meta: { is_multi_profile_user: data.length > 1 } };
    },
  );
  const ProfileInfo = Type.Object({ data: User });
  const ProfileInfoChanged = Type.Object({
    data: User,
    contact_change: Type.Optional(
      Type.Object(
        { kind: Type.Literal('phone'), message: Type.String() },
        { description: 'a new number was named: a code went to it, and it is saved once that code comes back (contact_change/verify)' },
      ),
    ),
  });
  app.get(
    '/customers/profile_info',
    {
      config: auth,
      schema: { tags: ['profiles'], summary: 'Profile info of the acting profile', response: { 200: ProfileInfo } },
    },
    async (req) => ({ data: await answerUser(ctx, req.actor) }),
  );
  app.put(
    '/customers/profile_info',
    {
      config: auth,
      schema: {
        tags: ['profiles'],
        summary: 'Update profile info',
        body: Type.Object(
          {
            first_name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
            last_name: Type.Optional(Type.String({ maxLength: 100 })),
            gender: Type.Optional(
              Type.Union([Type.Literal('male'), Type.Literal('female'), Type.Literal('non_binary'), Type.Literal('prefer_not_to_say')]),
            ),
            date_of_birth: Type.Optional(Type.String({ format: 'date' })),
            mobile: Type.Optional(Type.String({ pattern: '^[0-9]{6,14}$' })),
            country_code: Type.Optional(Type.String({ pattern: '^[0-9]{1,4}$' })),
            timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
          },
          { minProperties: 1 },
        ),
        response: { 200: ProfileInfoChanged },
      },
    },
    async (req) => {
      const phone = phoneToConfirm(req.actor, req.body);
      if (phone) {
        // A new number for the account holder goes through a code, counted like any contact change
        // before anything else happens; nothing says whether another account holds it.
        await limitsOf(ctx).takeAll([
          ['contact_change_address', req.ip],
          ['contact_change_user', String(req.user.id)],
          ['otp_send_destination', `sms:${phone.e164}`],
        ]);
      }
      await updateProfile(db, req.actor, req.body);
      if (phone) await startContactChange(db, req.user.id, { kind: 'phone', value: phone.e164, phone });
      return {
        data: await answerUser(ctx, (await findUser(db, 'id', req.actor.id))!),
        ...(phone ? { contact_change: { kind: 'phone' as const, message: PHONE_CODE_SENT(phone.e164) } } : {}),
      };
    },
  );
  app.get(
    '/customers/:uuid/update_doc_referral',
    {
      config: auth,
      schema: {
        tags: ['profiles'],
        summary: 'Record a doctor referral for this customer',
        params: Type.Object({ uuid: Type.String({ format: 'uuid' }) }),
        querystring: Type.Object({ doc_referral: Type.Literal(true) }),
        response: { 200: Success },
      },
    },
    async (req) => {
      if (!(await recordDocReferral(db, req.user.id, req.params.uuid))) throw notFound(`No customer ${req.params.uuid}`);
      return { success: true };
    },
  );
}

function appRoutes(app: App) {
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

function matchingRoutes(app: App) {
  const db = app.ctx.db;
  app.patch(
    '/customers/update_temp_flag',
    {
      config: auth,
      schema: {
        tags: ['providers'],
        summary: 'Remember the provider chosen in a flow (provider_id is the provider uuid)',
        body: Type.Object({ provider_id: Type.String({ format: 'uuid' }), provider_type: Type.String({ minLength: 1, maxLength: 50 }) }),
        response: { 200: Success },
      },
    },
    async (req) => {
      if (!(await rememberChosenProvider(db, req.actor.id, req.body.provider_id, req.body.provider_type)))
        throw notFound(`No provider ${req.body.provider_id}`);
      return { success: true };
    },
  );
  const MatchingRecord = Type.Object({
    filter: Type.Record(Type.String(), Type.Unknown()),
    updated_at: Nullable(Type.String()),
    all_matched_providers: Type.Array(Type.String()),
    recently_matched_providers: Type.Array(Type.String()),
  });
  app.get(
    '/customers/matching_filters',
    {
      config: auth,
      schema: {
        tags: ['matching'],
        summary: 'Saved matching filters',
        querystring: Type.Object({ type: Type.String({ minLength: 1, maxLength: 50 }) }),
        response: { 200: MatchingRecord },
      },
    },
    async (req) => matchingRecordOf(db, req.actor.id, req.query.type),
  );
  app.post(
    '/customers/matching_data',
    {
      config: auth,
      schema: {
        tags: ['matching'],
        summary: 'Save matching answers and matched providers (at most 30)',
        body: Type.Object(
          {
            provider_type: Type.String({ minLength: 1, maxLength: 50 }),
            all_matches: Type.Array(Type.String({ format: 'uuid' }), { maxItems: 30 }),
            updated_at: Type.String({ format: 'date-time' }),
            user_response: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
          },
          { additionalProperties: true },
        ),
        response: { 200: MatchingRecord },
      },
    },
    async (req) => {
      const { provider_type: type, all_matches, updated_at, user_response, ...rest } = req.body;
      return saveMatchingRecord(db, req.actor.id, type, { ...(user_response ?? {}), ...rest }, all_matches, updated_at);
    },
  );
}
