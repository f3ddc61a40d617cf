// The signed-in customer's data: sessions, consents, AI, profiles, visibility, clinics, location, configs.
import { Type } from '@sinclair/typebox';
import { HttpError, notFound, type App } from '../core/http.js';
import { Booking, Nullable, Success, User } from '../core/schemas.js';
import { bookingsWhere } from '../bookings/index.js';
import { answerUser, findUser, findUserByPhone, normalisePhone, type UserRow } from '../identity/index.js';
import { abbreviation, gmtLabel, isValidTimeZone, offsetMinutes } from '../core/time.js';
import { DEFAULT_VISIBILITY, visibilityOf } from '../providers/index.js';
import { locationIsInternational } from '../payments/index.js';

const auth = { auth: true };
const BLACKLISTED_COUNTRIES = ['KP', 'IR', 'SY', 'CU'];
const ZONE_COUNTRY: Record<string, string> = {
  'Asia/Kolkata': 'IN', 'Asia/Calcutta': 'IN', 'Asia/Dubai': 'AE', 'Europe/London': 'GB', 'Asia/Singapore': 'SG', 'Australia/Sydney': 'AU',
  'Asia/Pyongyang': 'KP', 'Asia/Tehran': 'IR', 'Asia/Damascus': 'SY', 'America/Havana': 'CU', 'Europe/Berlin': 'DE', 'Asia/Tokyo': 'JP',
  'Europe/Vienna': 'AT', 'America/Argentina/Buenos_Aires': 'AR', 'UTC': 'IN',
  // Every country of the crisis helpline table is placed by its zones, so its people see their own lines first.
  'America/Toronto': 'CA', 'America/Vancouver': 'CA', 'America/Montreal': 'CA', 'America/Edmonton': 'CA', 'America/Winnipeg': 'CA',
  'America/Halifax': 'CA', 'America/St_Johns': 'CA', 'America/Regina': 'CA',
  'Australia/Melbourne': 'AU', 'Australia/Brisbane': 'AU', 'Australia/Perth': 'AU', 'Australia/Adelaide': 'AU', 'Australia/Hobart': 'AU', 'Australia/Darwin': 'AU',
  'Europe/Dublin': 'IE', 'Pacific/Auckland': 'NZ',
};
export function countryOfZone(tz: string) {
  if (ZONE_COUNTRY[tz]) return ZONE_COUNTRY[tz]!;
  if (/^America\/(New_York|Chicago|Denver|Los_Angeles|Phoenix|Anchorage|Detroit)|^US\//.test(tz)) return 'US';
  if (tz.startsWith('America/')) return 'US';
  return 'IN';
}

export async function customerRoutes(app: App) {
  const { ctx } = app;
  const db = ctx.db;
  const consentsOf = async (u: UserRow) => {
    await db.query(`INSERT INTO consents (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING`, [u.id]);
    return (await db.query<{
      is_tnc_checked: boolean; is_privacy_policy_checked: boolean; is_eighteen_plus_checked: boolean; privacy_policy_consent_status: string;
      ai_consent: boolean | null; is_ai_consent_modal_viewed: boolean; is_ai_consent_chip_viewed: boolean;
    }>(`SELECT * FROM consents WHERE user_id = $1`, [u.id]))[0]!;
  };

  // ---- sessions ----
  app.get('/customers/upcomingsessions', {
    config: auth,
    schema: { tags: ['sessions'], summary: 'Upcoming sessions and suggested bookings', response: { 200: Type.Object({ bookings: Type.Array(Booking), suggested_bookings: Type.Array(Booking) }) } },
  }, async (req) => {
    const all = await bookingsWhere(db,
      `b.user_id = $1 AND ((b.status IN ('pending', 'confirmed') AND b.end_time > now()) OR (b.status = 'suggested' AND b.start_time > now()))`, [req.actor.id]);
    return { bookings: all.filter((b) => b.status !== 'suggested'), suggested_bookings: all.filter((b) => b.status === 'suggested') };
  });
  app.get('/customers/completedsessions', {
    config: auth,
    schema: { tags: ['sessions'], summary: 'Completed sessions, newest first', response: { 200: Type.Object({ bookings: Type.Array(Booking) }) } },
  }, async (req) => ({ bookings: await bookingsWhere(db, `b.user_id = $1 AND b.status = 'completed'`, [req.actor.id], 'b.start_time DESC') }));
  app.get('/customers/analytics_info', {
    config: auth,
    schema: {
      tags: ['sessions'], summary: 'Analytics info (data.data.total_completed_sessions)',
      response: { 200: Type.Object({ data: Type.Object({ total_completed_sessions: Type.Integer(), total_upcoming_sessions: Type.Integer(), usertype: Type.String() }) }) },
    },
  }, async (req) => {
    const [r] = await db.query<{ completed: number; upcoming: number }>(
      `SELECT count(*) FILTER (WHERE status = 'completed')::int AS completed, count(*) FILTER (WHERE status IN ('pending','confirmed') AND end_time > now())::int AS upcoming
         FROM bookings WHERE user_id = $1`, [req.actor.id]);
    return { data: { total_completed_sessions: r!.completed, total_upcoming_sessions: r!.upcoming, usertype: req.actor.usertype } };
  });

  // ---- AI ----
  app.get('/customers/ai_feature_flag', {
    config: auth,
    schema: { tags: ['ai'], summary: 'AI feature flag', response: { 200: Type.Object({ ai_enabled: Type.Boolean() }) } },
  }, async () => {
    const [f] = await db.query<{ enabled: boolean }>(`SELECT enabled FROM feature_flags WHERE name = 'ai_enabled'`);
    return { ai_enabled: Boolean(f?.enabled) };
  });
  const AiConsent = Type.Object({ ai_consent: Nullable(Type.Boolean()), is_ai_consent_modal_viewed: Type.Boolean(), is_ai_consent_chip_viewed: Type.Boolean() });
  app.get('/customers/ai_consents', {
    config: auth, schema: { tags: ['ai'], summary: 'AI consent record (data.data)', response: { 200: Type.Object({ data: AiConsent }) } },
  }, async (req) => {
    const c = await consentsOf(req.actor);
    return { data: { ai_consent: c.ai_consent, is_ai_consent_modal_viewed: c.is_ai_consent_modal_viewed, is_ai_consent_chip_viewed: c.is_ai_consent_chip_viewed } };
  });
  app.put('/customers/ai_consents', {
    config: auth,
    schema: {
      tags: ['ai'], summary: 'Update the AI consent record',
      body: Type.Object({ ai_consent: Type.Optional(Type.Boolean()), is_ai_consent_modal_viewed: Type.Optional(Type.Boolean()), is_ai_consent_chip_viewed: Type.Optional(Type.Boolean()) }, { minProperties: 1 }),
      response: { 200: Type.Object({ data: AiConsent }) },
    },
  }, async (req) => {
    await consentsOf(req.actor);
    const b = req.body;
    await db.query(`UPDATE consents SET ai_consent = COALESCE($2, ai_consent), is_ai_consent_modal_viewed = COALESCE($3, is_ai_consent_modal_viewed),
      is_ai_consent_chip_viewed = COALESCE($4, is_ai_consent_chip_viewed) WHERE user_id = $1`,
    [req.actor.id, b.ai_consent ?? null, b.is_ai_consent_modal_viewed ?? null, b.is_ai_consent_chip_viewed ?? null]);
    const c = await consentsOf(req.actor);
    return { data: { ai_consent: c.ai_consent, is_ai_consent_modal_viewed: c.is_ai_consent_modal_viewed, is_ai_consent_chip_viewed: c.is_ai_consent_chip_viewed } };
  });

  // ---- consents ----
  app.post('/customers/mark_tnc_and_privacy', {
    config: auth, schema: { tags: ['consents'], summary: 'Mark terms and privacy accepted', response: { 200: Success } },
  }, async (req) => {
    await consentsOf(req.actor);
    await db.query(`UPDATE consents SET is_tnc_checked = true, is_privacy_policy_checked = true WHERE user_id = $1`, [req.actor.id]);
    return { success: true };
  });
  app.post('/customers/mark_eighteen_plus', {
    config: auth, schema: { tags: ['consents'], summary: 'Mark eighteen-plus', response: { 200: Success } },
  }, async (req) => {
    await consentsOf(req.actor);
    await db.query(`UPDATE consents SET is_eighteen_plus_checked = true WHERE user_id = $1`, [req.actor.id]);
    return { success: true };
  });
  app.post('/customers/mark_privacy_policy', {
    config: auth,
    schema: {
      tags: ['consents'], summary: 'Mark the (new) privacy policy accepted',
      body: Type.Object({ method_type: Type.String({ minLength: 1, maxLength: 50 }), policy_type: Type.String({ minLength: 1, maxLength: 50 }) }),
      response: { 200: Type.Object({ success: Type.Literal(true), privacy_policy_consent_status: Type.String() }) },
    },
  }, async (req) => {
    await consentsOf(req.actor);
    await db.query(`UPDATE consents SET privacy_policy_consent_status = 'accepted', privacy_policy_method_type = $2, privacy_policy_type = $3 WHERE user_id = $1`,
      [req.actor.id, req.body.method_type, req.body.policy_type]);
    return { success: true as const, privacy_policy_consent_status: 'accepted' };
  });
  app.get('/customers/privacy_policy_consent_status', {
    config: auth,
    schema: { tags: ['consents'], summary: 'New privacy policy consent status', response: { 200: Type.Object({ privacy_policy_consent_status: Type.String({ description: 'accepted | unaccepted' }) }) } },
  }, async (req) => ({ privacy_policy_consent_status: (await consentsOf(req.actor)).privacy_policy_consent_status }));
  app.get('/customers/tnc_and_privacy_status', {
    config: auth,
    schema: { tags: ['consents'], summary: 'Terms and privacy status', response: { 200: Type.Object({ is_tnc_checked: Type.Boolean(), is_privacy_policy_checked: Type.Boolean() }) } },
  }, async (req) => {
    const c = await consentsOf(req.actor);
    return { is_tnc_checked: c.is_tnc_checked, is_privacy_policy_checked: c.is_privacy_policy_checked };
  });
  app.get('/customers/eighteen_plus_status', {
    config: auth,
    schema: { tags: ['consents'], summary: 'Eighteen-plus status', response: { 200: Type.Object({ is_eighteen_plus_checked: Type.Boolean() }) } },
  }, async (req) => ({ is_eighteen_plus_checked: (await consentsOf(req.actor)).is_eighteen_plus_checked }));

  // ---- profiles ----
  app.get('/customers/profiles', {
    config: auth,
    schema: { tags: ['profiles'], summary: 'My profiles (primary first)', response: { 200: Type.Object({ data: Type.Array(User), meta: Type.Object({ is_multi_profile_user: Type.Boolean() }) }) } },
  }, async (req) => {
    const ids = await db.query<{ id: number }>(`SELECT id FROM users WHERE id = $1 OR parent_user_id = $1 ORDER BY (parent_user_id IS NOT NULL), id`, [req.user.id]);
    const data = [];
    for (const { id } of ids) data.push(await answerUser(ctx, (await findUser(db, 'id', id))!));
    return { data, meta: { is_multi_profile_user: data.length > 1 } };
  });
  const ProfileInfo = Type.Object({ data: User });
  app.get('/customers/profile_info', {
    config: auth, schema: { tags: ['profiles'], summary: 'Profile info of the acting profile', response: { 200: ProfileInfo } },
  }, async (req) => ({ data: await answerUser(ctx, req.actor) }));
  app.put('/customers/profile_info', {
    config: auth,
    schema: {
      tags: ['profiles'], summary: 'Update profile info',
      body: Type.Object({
        first_name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })), last_name: Type.Optional(Type.String({ maxLength: 100 })),
        gender: Type.Optional(Type.Union([Type.Literal('male'), Type.Literal('female'), Type.Literal('non_binary'), Type.Literal('prefer_not_to_say')])),
        date_of_birth: Type.Optional(Type.String({ format: 'date' })), mobile: Type.Optional(Type.String({ pattern: '^[0-9]{6,14}$' })),
        country_code: Type.Optional(Type.String({ pattern: '^[0-9]{1,4}$' })),
        timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
      }, { minProperties: 1 }),
      response: { 200: ProfileInfo },
    },
  }, async (req) => {
    const b = req.body;
    if (b.date_of_birth && new Date(b.date_of_birth).getTime() > Date.now()) throw new HttpError(400, 'body/date_of_birth must be in the past');
    if (b.timezone !== undefined && !isValidTimeZone(b.timezone)) throw new HttpError(400, `body/timezone is not a known IANA time zone: ${b.timezone}`);
    // The full number: a new national number or a new country code is a new number, unproven until a code proves it.
    const phone = b.mobile !== undefined || b.country_code !== undefined
      ? normalisePhone(b.country_code ?? req.actor.country_code, b.mobile ?? req.actor.mobile ?? '') : null;
    const changed = phone !== null && phone.e164 !== req.actor.phone_e164;
    if (changed && req.actor.parent_user_id === null) {
      const holder = await findUserByPhone(db, phone);
      if (holder && holder.id !== req.actor.id) throw new HttpError(422, 'Mobile has already been taken');
      // A proven number is replaced only by one proven with a code (POST /customers/contact_change).
      if (req.actor.mobile_verified_at !== null) throw new HttpError(422, 'Confirm the new number with the code we send to it.', { code: 'confirm_by_code' });
    }
    try {
      await db.query(`UPDATE users SET first_name = COALESCE($2, first_name), last_name = COALESCE($3, last_name), gender = COALESCE($4, gender),
        date_of_birth = COALESCE($5::date, date_of_birth), mobile = COALESCE($6, mobile), country_code = COALESCE($7, country_code),
        mobile_verified_at = CASE WHEN $8::boolean THEN NULL ELSE mobile_verified_at END, timezone = COALESCE($9, timezone) WHERE id = $1`,
      [req.actor.id, b.first_name ?? null, b.last_name ?? null, b.gender ?? null, b.date_of_birth ?? null, phone?.national ?? null, phone?.countryCode ?? null, changed, b.timezone ?? null]);
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw new HttpError(422, 'Mobile has already been taken');
      throw e;
    }
    return { data: await answerUser(ctx, (await findUser(db, 'id', req.actor.id))!) };
  });
  app.get('/customers/:uuid/update_doc_referral', {
    config: auth,
    schema: {
      tags: ['profiles'], summary: 'Record a doctor referral for this customer', params: Type.Object({ uuid: Type.String({ format: 'uuid' }) }),
      querystring: Type.Object({ doc_referral: Type.Literal(true) }), response: { 200: Success },
    },
  }, async (req) => {
    const rows = await db.query(`UPDATE users SET doc_referral = true WHERE uuid::text = $1 AND (id = $2 OR parent_user_id = $2) RETURNING id`, [req.params.uuid, req.user.id]);
    if (rows.length === 0) throw notFound(`No customer ${req.params.uuid}`);
    return { success: true };
  });

  // ---- app visibility, clinics, location, configs ----
  app.get('/customers/app_visibility_v2', {
    config: auth,
    schema: {
      tags: ['app'], summary: 'App visibility (v2)',
      response: {
        200: Type.Object({
          ...Object.fromEntries(Object.entries(DEFAULT_VISIBILITY).map(([k, v]) => [k, typeof v === 'boolean' ? Type.Boolean() : Type.Integer()])),
          is_org_plan: Type.Boolean({ description: 'on an organisation\'s plan: its flags limit booking' }),
          plan_code: Type.Union([Type.Literal('2a'), Type.Literal('2b2'), Type.Literal('2b3'), Type.Null()], { description: 'The plan: the clinic cities it covers' }),
        }),
      },
    },
  }, async (req) => visibilityOf(db, req.user));
  app.get('/customers/ih_clinics', {
    schema: {
      tags: ['app'], summary: 'In-house clinics with centres (data.data)',
      response: { 200: Type.Object({ data: Type.Array(Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String(), centres: Type.Array(Type.Object({ id: Type.Integer(), centre_name: Type.String(), address: Type.String() })) })) }) },
    },
  }, async () => {
    const clinics = await db.query<{ id: number; code: string; name: string }>(`SELECT id, code, name FROM clinics ORDER BY id`);
    const centres = await db.query<{ id: number; clinic_id: number; centre_name: string; address: string }>(`SELECT id, clinic_id, centre_name, address FROM clinic_centres ORDER BY id`);
    return { data: clinics.map((c) => ({ ...c, centres: centres.filter((x) => x.clinic_id === c.id).map(({ id, centre_name, address }) => ({ id, centre_name, address })) })) };
  });
  app.get('/customers/user_location', {
    schema: {
      tags: ['app'], summary: 'User location from the system time zone (X-Timezone header as fallback, default Asia/Kolkata)',
      querystring: Type.Object({ system_timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) }),
      response: {
        200: Type.Object({
          location: Type.Object({
            country: Type.String(), timezone: Type.String(), display_timezone: Type.String(), is_blacklisted_country: Type.Boolean(), is_international: Type.Boolean(),
          }),
        }),
      },
    },
  }, async (req) => {
    const header = typeof req.headers['x-timezone'] === 'string' ? req.headers['x-timezone'] : undefined;
    const tz = req.query.system_timezone ?? header ?? 'Asia/Kolkata';
    if (!isValidTimeZone(tz)) throw new HttpError(400, `querystring/system_timezone is not a known IANA time zone: ${tz}`);
    const country = countryOfZone(tz);
    return {
      location: {
        country, timezone: tz, display_timezone: `(${gmtLabel(offsetMinutes(Date.now(), tz))}) ${tz} - ${abbreviation(tz)}`,
        is_blacklisted_country: BLACKLISTED_COUNTRIES.includes(country), is_international: locationIsInternational(tz),
      },
    };
  });
  const ConfigKey = Type.Union([Type.Literal('new_profile_modal'), Type.Literal('new_profile_tooltip')]);
  app.get('/customers/profile_communication_config', {
    config: auth,
    schema: {
      tags: ['app'], summary: 'New-profile modal/tooltip flag', querystring: Type.Object({ config_key: ConfigKey }),
      response: { 200: Type.Object({ config_key: Type.String(), status: Type.Boolean() }) },
    },
  }, async (req) => {
    const [r] = await db.query<{ status: boolean }>(`SELECT status FROM user_configs WHERE user_id = $1 AND config_key = $2`, [req.actor.id, req.query.config_key]);
    return { config_key: req.query.config_key, status: r ? r.status : true };
  });
  app.put('/customers/profile_communication_config', {
    config: auth,
    schema: {
      tags: ['app'], summary: 'Set the new-profile modal/tooltip flag', body: Type.Object({ config_key: ConfigKey, status: Type.Boolean() }),
      response: { 200: Type.Object({ config_key: Type.String(), status: Type.Boolean() }) },
    },
  }, async (req) => {
    await db.query(`INSERT INTO user_configs (user_id, config_key, status) VALUES ($1, $2, $3) ON CONFLICT (user_id, config_key) DO UPDATE SET status = EXCLUDED.status`,
      [req.actor.id, req.body.config_key, req.body.status]);
    return { config_key: req.body.config_key, status: req.body.status };
  });
  app.get('/customers/cf_booking_configs', {
    config: auth,
    schema: {
      tags: ['app'], summary: 'Corporate-partner (CF) booking configuration',
      response: {
        200: Type.Object({
          cf_booking_configs: Type.Object({
            is_cf_user: Type.Boolean(), sessions_per_year: Type.Integer(), allowed_provider_roles: Type.Array(Type.String()), requires_intake: Type.Boolean(), coupon_code: Nullable(Type.String()),
          }),
        }),
      },
    },
  }, async (req) => {
    const cf = Boolean(req.user.is_cf_partner);
    return {
      cf_booking_configs: cf
        ? { is_cf_user: true, sessions_per_year: 12, allowed_provider_roles: ['cf-intake-specialist', 'cf-clinician'], requires_intake: true, coupon_code: 'CFCARE' }
        : { is_cf_user: false, sessions_per_year: 0, allowed_provider_roles: [], requires_intake: false, coupon_code: null },
    };
  });

  // ---- temp flag, matching ----
  app.patch('/customers/update_temp_flag', {
    config: auth,
    schema: {
      tags: ['providers'], summary: 'Remember the provider chosen in a flow (provider_id is the provider uuid)',
      body: Type.Object({ provider_id: Type.String({ format: 'uuid' }), provider_type: Type.String({ minLength: 1, maxLength: 50 }) }),
      response: { 200: Success },
    },
  }, async (req) => {
    const p = await db.query(`SELECT id FROM providers WHERE uuid::text = $1`, [req.body.provider_id]);
    if (p.length === 0) throw notFound(`No provider ${req.body.provider_id}`);
    await db.query(`UPDATE users SET temp_flags = temp_flags || $2::jsonb WHERE id = $1`, [req.actor.id, JSON.stringify({ provider_id: req.body.provider_id, provider_type: req.body.provider_type })]);
    return { success: true };
  });
  const MatchingRecord = Type.Object({
    filter: Type.Record(Type.String(), Type.Unknown()), updated_at: Nullable(Type.String()),
    all_matched_providers: Type.Array(Type.String()), recently_matched_providers: Type.Array(Type.String()),
  });
  app.get('/customers/matching_filters', {
    config: auth,
    schema: { tags: ['matching'], summary: 'Saved matching filters', querystring: Type.Object({ type: Type.String({ minLength: 1, maxLength: 50 }) }), response: { 200: MatchingRecord } },
  }, async (req) => {
    const [r] = await db.query<{ filter: Record<string, unknown>; updated_at: Date; all_matched_providers: string[]; recently_matched_providers: string[] }>(
      `SELECT * FROM matching_filters WHERE user_id = $1 AND type = $2`, [req.actor.id, req.query.type]);
    return r
      ? { filter: r.filter, updated_at: new Date(r.updated_at).toISOString(), all_matched_providers: r.all_matched_providers, recently_matched_providers: r.recently_matched_providers }
      : { filter: {}, updated_at: null, all_matched_providers: [], recently_matched_providers: [] };
  });
  app.post('/customers/matching_data', {
    config: auth,
    schema: {
      tags: ['matching'], summary: 'Save matching answers and matched providers (at most 30)',
      body: Type.Object({
        provider_type: Type.String({ minLength: 1, maxLength: 50 }),
        all_matches: Type.Array(Type.String({ format: 'uuid' }), { maxItems: 30 }),
        updated_at: Type.String({ format: 'date-time' }),
        user_response: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
      }, { additionalProperties: true }),
      response: { 200: MatchingRecord },
    },
  }, async (req) => {
    const b = req.body;
    const { provider_type: type, all_matches, updated_at, user_response, ...rest } = b;
    const filter = { ...(user_response ?? {}), ...rest };
    const [prev] = await db.query<{ all_matched_providers: string[] }>(`SELECT all_matched_providers FROM matching_filters WHERE user_id = $1 AND type = $2`, [req.actor.id, type]);
    const recent = all_matches.filter((u) => !(prev?.all_matched_providers ?? []).includes(u));
    await db.query(`INSERT INTO matching_filters (user_id, type, filter, all_matched_providers, recently_matched_providers, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
      ON CONFLICT (user_id, type) DO UPDATE SET filter = EXCLUDED.filter, all_matched_providers = EXCLUDED.all_matched_providers,
      recently_matched_providers = EXCLUDED.recently_matched_providers, updated_at = EXCLUDED.updated_at`,
    [req.actor.id, type, JSON.stringify(filter), JSON.stringify(all_matches), JSON.stringify(recent), updated_at]);
    return { filter, updated_at: new Date(updated_at).toISOString(), all_matched_providers: all_matches, recently_matched_providers: recent };
  });
}
