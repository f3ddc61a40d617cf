// Every product route over real HTTP: the happy path and its bad-input answers (4xx JSON naming the
// problem), against the seeded database.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, serverPerFile, call, signIn, type Session, type TestServer } from './helpers.js';
import { assertClientError } from './assert-helpers.js';
import { CURRENT_PRIVACY_POLICY } from '../src/accounts/consents.js';

let srv: TestServer;
let api: string;
let patient: Session;
let acme: Session;
let fresh: Session;
const NOPE = '00000000-0000-4000-8000-000000000000';
const server = serverPerFile();
before(async () => {
  srv = await server();
  api = srv.api;
  patient = await signIn(api, 'patient@haven.test');
  acme = await signIn(api, 'employee@acme.test');
  fresh = await signIn(api, 'newpatient@haven.test');
});

describe('sessions', () => {
  test('upcoming sessions: bookings and suggested_bookings', async () => {
    const r = await as(patient, `${api}/customers/upcomingsessions`);
    assert.equal(r.status, 200);
    assert.equal(r.body.bookings.length, 3);
    assert.equal(r.body.suggested_bookings.length, 1);
    const b = r.body.bookings[0];
    assert.ok(b.provider.firstname && b.provider.lastname && b.provider.uuid);
    assert.ok(new Date(b.start_time).getTime() > Date.now());
    assert.deepEqual((await as(fresh, `${api}/customers/upcomingsessions`)).body, { bookings: [], suggested_bookings: [] });
    assertClientError(await call(`${api}/customers/upcomingsessions`), 401);
  });
  test('completed sessions and analytics info (data.data.total_completed_sessions)', async () => {
    const c = await as(patient, `${api}/customers/completedsessions`);
    assert.equal(c.body.bookings.length, 3);
    assert.ok(c.body.bookings.every((b: { status: string }) => b.status === 'completed'));
    const a = await as(patient, `${api}/customers/analytics_info`);
    assert.equal(a.body.data.total_completed_sessions, 3);
    assertClientError(await call(`${api}/customers/completedsessions`), 401);
    assertClientError(await call(`${api}/customers/analytics_info`), 401);
  });
});

describe('AI and consents', () => {
  test('AI flag and consents (get, update, bad input)', async () => {
    assert.deepEqual((await as(patient, `${api}/customers/ai_feature_flag`)).body, { ai_enabled: true });
    assert.deepEqual((await as(patient, `${api}/customers/ai_consents`)).body.data, {
      ai_consent: true,
      is_ai_consent_modal_viewed: true,
      is_ai_consent_chip_viewed: true,
    });
    assert.deepEqual((await as(fresh, `${api}/customers/ai_consents`)).body.data, {
      ai_consent: null,
      is_ai_consent_modal_viewed: false,
      is_ai_consent_chip_viewed: false,
    });
    const u = await as(fresh, `${api}/customers/ai_consents`, { method: 'PUT', body: { is_ai_consent_modal_viewed: true } });
    assert.equal(u.body.data.is_ai_consent_modal_viewed, true);
    assert.equal(u.body.data.ai_consent, null);
    assertClientError(await as(fresh, `${api}/customers/ai_consents`, { method: 'PUT', body: {} }), 400);
    assertClientError(await as(fresh, `${api}/customers/ai_consents`, { method: 'PUT', body: { ai_consent: 'yes' } }), 400, 'ai_consent');
  });
  test('terms/privacy/eighteen-plus marks and statuses; mark privacy policy', async () => {
    assert.deepEqual((await as(fresh, `${api}/customers/tnc_and_privacy_status`)).body, {
      is_tnc_checked: false,
      is_privacy_policy_checked: false,
    });
    assert.deepEqual((await as(fresh, `${api}/customers/eighteen_plus_status`)).body, { is_eighteen_plus_checked: false });
    assert.deepEqual((await as(fresh, `${api}/customers/privacy_policy_consent_status`)).body, {
      privacy_policy_consent_status: 'unaccepted',
      new_privacy_policy: {
        version: '2026-11-23',
        effective_date: '2026-11-23',
        url: '/privacy-policy',
        what_changed: CURRENT_PRIVACY_POLICY.what_changed,
      },
    });
    assert.equal((await as(fresh, `${api}/customers/mark_tnc_and_privacy`, { method: 'POST' })).status, 200);
    assert.equal((await as(fresh, `${api}/customers/mark_eighteen_plus`, { method: 'POST' })).status, 200);
    assert.equal(
      (await as(fresh, `${api}/customers/mark_privacy_policy`, { body: { method_type: 'web_prompt', policy_type: 'privacy_policy_v2' } }))
        .status,
      200,
    );
    assert.deepEqual((await as(fresh, `${api}/customers/tnc_and_privacy_status`)).body, {
      is_tnc_checked: true,
      is_privacy_policy_checked: true,
    });
    assert.deepEqual((await as(fresh, `${api}/customers/eighteen_plus_status`)).body, { is_eighteen_plus_checked: true });
    assert.deepEqual((await as(fresh, `${api}/customers/privacy_policy_consent_status`)).body, {
      privacy_policy_consent_status: 'accepted',
      new_privacy_policy: null,
    });
    assertClientError(await as(fresh, `${api}/customers/mark_privacy_policy`, { body: { method_type: 'web_prompt' } }), 400, 'policy_type');
    for (const p of ['tnc_and_privacy_status', 'eighteen_plus_status', 'privacy_policy_consent_status'])
      assertClientError(await call(`${api}/customers/${p}`), 401);
    assertClientError(await call(`${api}/customers/mark_eighteen_plus`, { method: 'POST' }), 401);
  });
});

describe('providers', () => {
  test('several values of a filter: any of them matches; two such filters combine', async () => {
    type Row = { uuid: string; roles: string[]; languages: string[]; price_tier: number; gender: string };
    const q = async (query: string) => ((await call(`${api}/providers?per_page=50&${query}`)).body.data as Row[]).map((p) => p);
    const one = async (query: string) => new Set((await q(query)).map((p) => p.uuid));
    const both = await q('role=therapist,psychiatrist&language=hindi,tamil');
    assert.ok(both.length > 0);
    for (const p of both) {
      assert.ok(p.roles.includes('therapist') || p.roles.includes('psychiatrist'), p.uuid);
      assert.ok(p.languages.includes('hindi') || p.languages.includes('tamil'), p.uuid);
    }
    // The union of the single-value searches, no more and no less.
    const union = new Set<string>();
    for (const role of ['therapist', 'psychiatrist'])
      for (const language of ['hindi', 'tamil']) for (const u of await one(`role=${role}&language=${language}`)) union.add(u);
    assert.deepEqual(new Set(both.map((p) => p.uuid)), union);
    assert.ok((await one('role=psychiatrist&language=hindi,tamil')).size < union.size, 'the second type adds providers');
    const tiers = await q('price_tier=1,2&gender=female,male');
    assert.ok(tiers.length > 0 && tiers.every((p) => [1, 2].includes(p.price_tier) && ['female', 'male'].includes(p.gender)));
  });

  test('search with filters; detail; bad filters', async () => {
    const all = await call(`${api}/providers`);
    assert.equal(all.status, 200);
    assert.ok(all.body.meta.total >= 10);
    const t = await call(`${api}/providers?role=therapist&language=hindi`);
    assert.ok(t.body.data.length > 0);
    assert.ok(
      t.body.data.every((p: { roles: string[]; languages: string[] }) => p.roles.includes('therapist') && p.languages.includes('hindi')),
    );
    const couples = await call(`${api}/providers?couple=true`);
    assert.ok(
      couples.body.data.every(
        (p: { online_offering: { couple: unknown } | null; offline_offering: { couple: unknown } | null }) =>
          p.online_offering?.couple || p.offline_offering?.couple,
      ),
    );
    const usd = await call(`${api}/providers?currency=USD`);
    assert.ok(
      usd.body.data.length >= 2 &&
        usd.body.data.every((p: { online_offering: { currency: string } }) => p.online_offering.currency === 'USD'),
    );
    const off = await call(`${api}/providers?mode=offline&clinic=blr`);
    assert.ok(off.body.data.length > 0 && off.body.data.every((p: { offline_offering: unknown }) => p.offline_offering));
    assert.ok(
      (await call(`${api}/providers?concern=adhd&price_tier=4`)).body.data.every(
        (p: { concerns: string[]; price_tier: number }) => p.concerns.includes('adhd') && p.price_tier === 4,
      ),
    );
    assert.ok((await call(`${api}/providers?gender=female&per_page=2`)).body.data.length <= 2);
    for (const role of ['psychiatrist', 'couplestherapist', 'coach', 'childenfirstindia', 'cf-intake-specialist', 'cf-clinician']) {
      assert.ok((await call(`${api}/providers?role=${role}`)).body.data.length > 0, role);
    }
    assertClientError(await call(`${api}/providers?price_tier=9`), 400, 'price_tier');
    assertClientError(await call(`${api}/providers?price_tier=1,9`), 400, 'price_tier');
    assertClientError(await call(`${api}/providers?language=hindi;drop`), 400, 'language');
    assertClientError(await call(`${api}/providers?mode=teleport`), 400, 'mode');
    const uuid = t.body.data[0].uuid;
    const d = await call(`${api}/providers/${uuid}`);
    assert.equal(d.body.data.uuid, uuid);
    assert.ok(d.body.data.bio && d.body.data.earliest_available_datetime);
    assertClientError(await call(`${api}/providers/${NOPE}`), 404);
    assertClientError(await call(`${api}/providers/not-a-uuid`), 400, 'uuid');
  });
  test('dropdown v2, my providers, suggested providers', async () => {
    const d = await as(patient, `${api}/providers/dropdown_v2?provider_type=all`);
    assert.ok(d.body.data.length >= 11);
    assert.ok(!d.body.data.some((p: { is_support_provider: boolean }) => p.is_support_provider));
    const withSupport = await as(patient, `${api}/providers/dropdown_v2?provider_type=all&include_support_providers=true`);
    assert.ok(withSupport.body.data.some((p: { roles: string[] }) => p.roles.includes('care-coordinator')));
    assertClientError(await as(patient, `${api}/providers/dropdown_v2?provider_type=wizard`), 400, 'provider_type');
    assertClientError(await as(patient, `${api}/providers/dropdown_v2`), 400, 'provider_type');
    const mine = await as(patient, `${api}/customers/my_providers?nocache=${Date.now()}`);
    assert.deepEqual(mine.body.data.map((p: { firstname: string }) => p.firstname).sort(), ['Ananya', 'Kabir', 'Vikram']);
    const s = await as(patient, `${api}/customers/suggested_providers?section=therapy`);
    assert.ok(s.body.data.length > 0 && !s.body.data.some((p: { firstname: string }) => p.firstname === 'Ananya'));
    assertClientError(await as(patient, `${api}/customers/suggested_providers?section=astrology`), 400, 'section');
    assertClientError(await call(`${api}/customers/my_providers`), 401);
  });
  test('update temp flag', async () => {
    const p = (await call(`${api}/providers?role=therapist`)).body.data[0];
    assert.equal(
      (
        await as(patient, `${api}/customers/update_temp_flag`, {
          method: 'PATCH',
          body: { provider_id: p.uuid, provider_type: 'therapist' },
        })
      ).status,
      200,
    );
    assertClientError(
      await as(patient, `${api}/customers/update_temp_flag`, { method: 'PATCH', body: { provider_id: NOPE, provider_type: 'therapist' } }),
      404,
    );
    assertClientError(
      await as(patient, `${api}/customers/update_temp_flag`, { method: 'PATCH', body: { provider_id: p.uuid } }),
      400,
      'provider_type',
    );
  });
  test('matching filters and matching data (at most 30 matches)', async () => {
    const uuids = (await call(`${api}/providers?per_page=3`)).body.data.map((p: { uuid: string }) => p.uuid);
    const empty = await as(acme, `${api}/customers/matching_filters?type=therapy`);
    assert.deepEqual(empty.body, { filter: {}, updated_at: null, all_matched_providers: [], recently_matched_providers: [] });
    const at = new Date().toISOString();
    const saved = await as(acme, `${api}/customers/matching_data`, {
      body: { provider_type: 'therapy', all_matches: uuids.slice(0, 2), updated_at: at, user_response: { concern: 'anxiety' } },
    });
    assert.equal(saved.status, 200);
    const again = await as(acme, `${api}/customers/matching_data`, {
      body: { provider_type: 'therapy', all_matches: uuids, updated_at: at, language: 'hindi' },
    });
    assert.deepEqual(again.body.recently_matched_providers, [uuids[2]]);
    const got = await as(acme, `${api}/customers/matching_filters?type=therapy`);
    assert.deepEqual(got.body.all_matched_providers, uuids);
    assert.equal(got.body.filter.language, 'hindi');
    assertClientError(await as(acme, `${api}/customers/matching_filters`), 400, 'type');
    assertClientError(
      await as(acme, `${api}/customers/matching_data`, {
        body: { provider_type: 'therapy', all_matches: Array(31).fill(NOPE), updated_at: at },
      }),
      400,
      'all_matches',
    );
    assertClientError(
      await as(acme, `${api}/customers/matching_data`, { body: { provider_type: 'therapy', all_matches: [], updated_at: 'yesterday' } }),
      400,
      'updated_at',
    );
  });
});

describe('schedule and bookings', () => {
  test('schedule dates and slots in a time zone; create, confirm, reschedule, cancel', async () => {
    const p = (await call(`${api}/providers?role=therapist&language=marathi`)).body.data[0];
    const dates = await call(`${api}/providers/${p.uuid}/schedule_dates?timezone=Asia/Kolkata`);
    assert.equal(dates.status, 200);
    assert.ok(dates.body.data.dates.length >= 10);
    const ny = await call(`${api}/providers/${p.uuid}/schedule_dates?timezone=America/New_York`);
    assert.equal(ny.body.data.timezone, 'America/New_York');
    const day = dates.body.data.dates[1].date;
    const slots = await call(`${api}/providers/${p.uuid}/slots?date=${day}&timezone=Asia/Kolkata`);
    assert.equal(slots.body.data.slots.length, dates.body.data.dates[1].slots_count);
    const s0 = slots.body.data.slots[0];
    assert.match(s0.display_time, /^\d\d:\d\d (AM|PM)$/);
    assertClientError(await call(`${api}/providers/${p.uuid}/slots?date=${day}&timezone=Mars/Olympus`), 400, 'time zone');
    assertClientError(await call(`${api}/providers/${p.uuid}/slots?date=tomorrow`), 400, 'date');
    assertClientError(await call(`${api}/providers/${NOPE}/schedule_dates`), 404);

    const created = await as(fresh, `${api}/bookings`, { body: { provider_uuid: p.uuid, start_time: s0.start_time, mode: 'online' } });
    assert.equal(created.status, 201);
    assert.equal(created.body.data.status, 'pending');
    assert.equal(created.body.data.fee, p.online_offering.minimum_fee);
    const uuid = created.body.data.uuid;
    // the slot is gone and cannot be double-booked
    const after1 = await call(`${api}/providers/${p.uuid}/slots?date=${day}&timezone=Asia/Kolkata`);
    assert.ok(!after1.body.data.slots.some((s: { start_time: string }) => s.start_time === s0.start_time));
    assertClientError(
      await as(acme, `${api}/bookings`, { body: { provider_uuid: p.uuid, start_time: s0.start_time, mode: 'online' } }),
      409,
    );
    assertClientError(
      await as(fresh, `${api}/bookings`, {
        body: { provider_uuid: p.uuid, start_time: s0.start_time, mode: 'offline', clinic_centre_id: 1 },
      }),
      422,
      'offline',
    );
    assertClientError(
      await as(fresh, `${api}/bookings`, { body: { provider_uuid: p.uuid, start_time: '2020-01-01T00:00:00Z', mode: 'online' } }),
      409,
    );
    assertClientError(
      await as(fresh, `${api}/bookings`, {
        body: { provider_uuid: p.uuid, start_time: s0.start_time, mode: 'online', session_type: 'couple' },
      }),
      422,
      'couple',
    );
    assertClientError(
      await as(fresh, `${api}/bookings`, { body: { provider_uuid: NOPE, start_time: s0.start_time, mode: 'online' } }),
      404,
    );
    assertClientError(await as(fresh, `${api}/bookings`, { body: { provider_uuid: p.uuid, mode: 'online' } }), 400, 'start_time');

    assert.equal((await as(fresh, `${api}/bookings/${uuid}`)).body.data.uuid, uuid);
    assertClientError(await as(acme, `${api}/bookings/${uuid}`), 404);
    // A booking with a price is confirmed by its payment, not by confirm.
    assertClientError(await as(fresh, `${api}/bookings/${uuid}/confirm`, { method: 'POST' }), 409);
    const t = await as(fresh, `${api}/payments/temporary_transaction`, { body: { booking_uuid: uuid } });
    const confirmed = await as(fresh, `${api}/payments/${t.body.data.transaction_id}/simulate`, { body: { outcome: 'success' } });
    assert.equal(confirmed.body.data.booking.status, 'confirmed');
    assertClientError(await as(fresh, `${api}/bookings/${NOPE}/confirm`, { method: 'POST' }), 404);
    const s1 = slots.body.data.slots[1];
    const moved = await as(fresh, `${api}/bookings/${uuid}/reschedule`, { body: { start_time: s1.start_time } });
    assert.equal(moved.body.data.start_time, s1.start_time);
    assertClientError(await as(fresh, `${api}/bookings/${uuid}/reschedule`, { body: { start_time: '2020-01-01T00:00:00Z' } }), 409);
    assert.equal((await as(fresh, `${api}/customers/upcomingsessions`)).body.bookings.length, 1);
    const cancelled = await as(fresh, `${api}/bookings/${uuid}/cancel`, { body: { reason: 'Feeling better' } });
    assert.equal(cancelled.body.data.status, 'cancelled');
    assertClientError(await as(fresh, `${api}/bookings/${uuid}/cancel`, { body: { reason: 'again' } }), 409);
    assertClientError(await as(fresh, `${api}/bookings/${uuid}/cancel`, { body: {} }), 400, 'reason');
    assertClientError(await as(fresh, `${api}/bookings/${uuid}/confirm`, { method: 'POST' }), 409);
  });
  test('couple and offline bookings', async () => {
    const k = (await call(`${api}/providers?role=couplestherapist&currency=INR`)).body.data[0];
    const centre = k.clinic_centre_ids[0];
    const slots = async () => {
      for (const d of (await call(`${api}/providers/${k.uuid}/schedule_dates`)).body.data.dates) {
        const s = (await call(`${api}/providers/${k.uuid}/slots?date=${d.date}`)).body.data.slots;
        if (s.length > 2) return s;
      }
      throw new Error('no slots');
    };
    const s = await slots();
    // Kabir's schedule gives weekday mornings a discount (seed/couple.ts): the first time may carry it.
    const off =
      (await call(`${api}/providers/${k.uuid}/schedule_discounts`)).body.data.slots.find(
        (x: { start_time: string }) => x.start_time === s[0].start_time,
      )?.percent ?? 0;
    const c = await as(acme, `${api}/bookings`, {
      body: { provider_uuid: k.uuid, start_time: s[0].start_time, mode: 'online', session_type: 'couple' },
    });
    assert.equal(c.status, 201);
    assert.equal(c.body.data.fee, Math.round((k.online_offering.couple.minimum_fee * (100 - off)) / 100));
    const o = await as(acme, `${api}/bookings`, {
      body: { provider_uuid: k.uuid, start_time: s[1].start_time, mode: 'offline', clinic_centre_id: centre },
    });
    assert.equal(o.body.data.clinic_centre_id, centre);
    assertClientError(
      await as(acme, `${api}/bookings`, { body: { provider_uuid: k.uuid, start_time: s[2].start_time, mode: 'offline' } }),
      400,
      'clinic_centre_id',
    );
    assertClientError(
      await as(acme, `${api}/bookings`, {
        body: { provider_uuid: k.uuid, start_time: s[2].start_time, mode: 'offline', clinic_centre_id: 9999 },
      }),
      422,
    );
  });
  test('session feedback and NPS', async () => {
    const done = (await as(patient, `${api}/customers/completedsessions`)).body.bookings[0].uuid;
    assert.equal((await as(patient, `${api}/bookings/${done}/feedback`, { body: { rating: 5, comment: 'Helpful' } })).status, 201);
    assertClientError(await as(patient, `${api}/bookings/${done}/feedback`, { body: { rating: 4 } }), 409);
    assertClientError(await as(patient, `${api}/bookings/${done}/feedback`, { body: { rating: 6 } }), 400, 'rating');
    const upcoming = (await as(patient, `${api}/customers/upcomingsessions`)).body.bookings[0].uuid;
    assertClientError(await as(patient, `${api}/bookings/${upcoming}/feedback`, { body: { rating: 4 } }), 422);
    assert.equal((await as(acme, `${api}/customers/nps`)).body.data.eligible, true);
    assert.equal((await as(acme, `${api}/customers/nps`, { body: { score: 9, comment: 'Great' } })).status, 201);
    assert.deepEqual((await as(acme, `${api}/customers/nps`)).body.data, { eligible: false, last_score: 9 });
    assertClientError(await as(acme, `${api}/customers/nps`, { body: { score: 11 } }), 400, 'score');
    assertClientError(await as(acme, `${api}/customers/nps`, { body: { score: '9' } }), 400, 'score');
  });
});

describe('profiles and app', () => {
  test('profiles (multi-profile), profile info get/update, doc referral', async () => {
    const pr = await as(patient, `${api}/customers/profiles`);
    assert.equal(pr.body.data.length, 2);
    assert.equal(pr.body.meta.is_multi_profile_user, true);
    assert.equal((await as(fresh, `${api}/customers/profiles`)).body.meta.is_multi_profile_user, false);
    assert.equal((await as(fresh, `${api}/customers/profile_info`)).body.data.email, 'newpatient@haven.test');
    const u = await as(fresh, `${api}/customers/profile_info`, {
      method: 'PUT',
      body: { first_name: 'Neela', gender: 'female', date_of_birth: '1990-02-03' },
    });
    assert.equal(u.body.data.first_name, 'Neela');
    assert.equal(u.body.data.date_of_birth, '1990-02-03');
    assertClientError(await as(fresh, `${api}/customers/profile_info`, { method: 'PUT', body: { gender: 'robot' } }), 400, 'gender');
    assertClientError(
      await as(fresh, `${api}/customers/profile_info`, { method: 'PUT', body: { date_of_birth: '2999-01-01' } }),
      400,
      'date_of_birth',
    );
    // Someone else's number: a code goes to it, nothing is saved, nothing says whose it is.
    const taken = await as(fresh, `${api}/customers/profile_info`, { method: 'PUT', body: { mobile: '9876543210' } });
    assert.equal(taken.status, 200, JSON.stringify(taken.body));
    assert.equal(taken.body.contact_change.kind, 'phone');
    assert.notEqual(taken.body.data.mobile, '9876543210');
    assertClientError(await as(fresh, `${api}/customers/profile_info`, { method: 'PUT', body: {} }), 400);
    const me = (await as(fresh, `${api}/customers/profile_info`)).body.data.uuid;
    assert.equal((await as(fresh, `${api}/customers/${me}/update_doc_referral?doc_referral=true`)).status, 200);
    assertClientError(await as(fresh, `${api}/customers/${NOPE}/update_doc_referral?doc_referral=true`), 404);
    assertClientError(await as(fresh, `${api}/customers/${me}/update_doc_referral`), 400, 'doc_referral');
  });
  test('app visibility v2 (org overrides), clinics, cf booking configs, feature flags', async () => {
    const v = await as(patient, `${api}/customers/app_visibility_v2`);
    assert.equal(v.body.is_therapy_offered, true);
    assert.equal(v.body.is_therapy_offered_offline, false);
    // Aarav is a secondary profile, not an added member (members are the plan's capped feature).
    assert.equal(v.body.added_member_count, 0);
    const a = await as(acme, `${api}/customers/app_visibility_v2`);
    assert.equal(a.body.is_therapy_offered_offline, true);
    assert.equal(a.body.showaddmember, true);
    assert.equal(a.body.max_member_count, 3);
    const clinics = await call(`${api}/customers/ih_clinics`);
    assert.deepEqual(
      clinics.body.data.map((c: { code: string }) => c.code),
      ['mum', 'del', 'blr'],
    );
    assert.ok(
      clinics.body.data.every(
        (c: { centres: { id: number; centre_name: string }[] }) => c.centres.length === 2 && c.centres[0]!.centre_name,
      ),
    );
    const cf = await signIn(api, 'cf@initech.test');
    assert.equal((await as(cf, `${api}/customers/cf_booking_configs`)).body.cf_booking_configs.is_cf_user, true);
    assert.equal((await as(cf, `${api}/auth/validate_token`)).body.data.is_cf_user, true);
    assert.equal((await as(patient, `${api}/customers/cf_booking_configs`)).body.cf_booking_configs.is_cf_user, false);
    const flags = await call(`${api}/feature_flags`);
    assert.equal(flags.body.features.find((f: { name: string }) => f.name === 'public_show_coupon_code_on_customer_listing').enabled, true);
    assertClientError(await call(`${api}/customers/app_visibility_v2`), 401);
    assertClientError(await call(`${api}/customers/cf_booking_configs`), 401);
  });
  test('user location (system_timezone)', async () => {
    const ist = await call(`${api}/customers/user_location?system_timezone=Asia/Kolkata`);
    assert.deepEqual(ist.body.location, {
      country: 'IN',
      timezone: 'Asia/Kolkata',
      display_timezone: '(GMT+05:30) Asia/Kolkata - IST',
      is_blacklisted_country: false,
      is_international: false,
    });
    const ny = await call(`${api}/customers/user_location?system_timezone=America/New_York`);
    assert.equal(ny.body.location.country, 'US');
    assert.equal(ny.body.location.is_international, true);
    const hdr = await call(`${api}/customers/user_location`, { headers: { 'X-Timezone': 'Asia/Dubai' } });
    assert.equal(hdr.body.location.country, 'AE');
    assertClientError(await call(`${api}/customers/user_location?system_timezone=Not/AZone`), 400, 'system_timezone');
  });
  test('new-profile flag get/put', async () => {
    assert.deepEqual((await as(fresh, `${api}/customers/profile_communication_config?config_key=new_profile_tooltip`)).body, {
      config_key: 'new_profile_tooltip',
      status: true,
    });
    assert.deepEqual(
      (
        await as(fresh, `${api}/customers/profile_communication_config`, {
          method: 'PUT',
          body: { config_key: 'new_profile_tooltip', status: false },
        })
      ).body,
      { config_key: 'new_profile_tooltip', status: false },
    );
    assert.equal((await as(fresh, `${api}/customers/profile_communication_config?config_key=new_profile_tooltip`)).body.status, false);
    assertClientError(await as(fresh, `${api}/customers/profile_communication_config?config_key=other`), 400, 'config_key');
    assertClientError(
      await as(fresh, `${api}/customers/profile_communication_config`, {
        method: 'PUT',
        body: { config_key: 'new_profile_modal', status: 'false' },
      }),
      400,
      'status',
    );
  });
});

describe('content', () => {
  test('assessments list, detail, save', async () => {
    const list = await as(fresh, `${api}/assessments`);
    assert.deepEqual(
      list.body.data.map((a: { slug: string }) => a.slug),
      ['gad-7', 'phq-9', 'wellbeing-check'],
    );
    const d = await as(fresh, `${api}/assessments/phq-9`);
    assert.equal(d.body.data.questions.length, 9);
    assert.equal(d.body.data.latest_result, null);
    const answers = d.body.data.questions.map((q: { id: string }) => ({ question_id: q.id, value: 2 }));
    const saved = await as(fresh, `${api}/assessments/phq-9/responses`, { body: { answers } });
    assert.equal(saved.status, 201);
    assert.deepEqual({ score: saved.body.data.score, severity: saved.body.data.severity }, { score: 18, severity: 'moderately severe' });
    assert.equal((await as(fresh, `${api}/assessments/phq-9`)).body.data.latest_result.score, 18);
    assertClientError(
      await as(fresh, `${api}/assessments/phq-9/responses`, { body: { answers: answers.slice(1) } }),
      400,
      'missing question',
    );
    assertClientError(
      await as(fresh, `${api}/assessments/phq-9/responses`, { body: { answers: answers.map((a: object) => ({ ...a, value: 7 })) } }),
      400,
      'not an option',
    );
    assertClientError(
      await as(fresh, `${api}/assessments/phq-9/responses`, { body: { answers: [...answers, { question_id: 'q99', value: 1 }] } }),
      400,
      'unknown question',
    );
    assertClientError(await as(fresh, `${api}/assessments/nope/responses`, { body: { answers } }), 404);
    assertClientError(await as(fresh, `${api}/assessments/nope`), 404);
    assertClientError(await as(fresh, `${api}/assessments/BAD SLUG!`), 400);
  });
  test('journal entries', async () => {
    const before1 = (await as(patient, `${api}/journal_entries`)).body.data.length;
    const c = await as(patient, `${api}/journal_entries`, { body: { title: 'Today', body: 'A calm day.', mood: 'great' } });
    assert.equal(c.status, 201);
    const list = (await as(patient, `${api}/journal_entries`)).body.data;
    assert.equal(list.length, before1 + 1);
    assert.equal(list[0].title, 'Today');
    assertClientError(await as(patient, `${api}/journal_entries`, { body: { title: '', body: 'x' } }), 400, 'title');
    assertClientError(await as(patient, `${api}/journal_entries`, { body: { title: 'x', body: 'y', mood: 'ecstatic' } }), 400, 'mood');
    assertClientError(await as(acme, `${api}/journal_entries/${c.body.data.uuid}`, { method: 'DELETE' }), 404);
    assert.equal((await as(patient, `${api}/journal_entries/${c.body.data.uuid}`, { method: 'DELETE' })).status, 200);
    assertClientError(await as(patient, `${api}/journal_entries/${c.body.data.uuid}`, { method: 'DELETE' }), 404);
  });
  test('care tools, nudges (ordered, per section, dismiss), communities', async () => {
    assert.ok((await as(patient, `${api}/care_tools`)).body.data.length >= 4);
    const n = await as(patient, `${api}/nudges`);
    assert.deepEqual(
      n.body.data.map((x: { section: string; order: number }) => [x.section, x.order]),
      [
        ['nps', 0],
        ['feedback', 1],
        ['reflection', 2],
        ['webtoapp', 3],
      ],
    );
    assert.ok(n.body.data.every((x: { is_loaded: boolean }) => x.is_loaded));
    assert.equal((await as(patient, `${api}/nudges/reflection`)).body.data.section, 'reflection');
    assert.equal((await as(patient, `${api}/nudges/reflection/dismiss`, { method: 'POST' })).status, 200);
    assert.equal((await as(patient, `${api}/nudges/reflection`)).body.data, null);
    assertClientError(await as(patient, `${api}/nudges/horoscope`), 400, 'section');
    assert.equal((await call(`${api}/communities`)).body.data.length, 3);
    assertClientError(await call(`${api}/care_tools`), 401);
  });
});

describe('development outbox and telemetry sink', () => {
  test('telemetry events stored and queryable by name', async () => {
    const r = await call(`${api}/telemetry/events`, {
      body: {
        events: [
          { name: 'login_success', properties: { method: 'email', page: '/auth/log-in/' }, timestamp: Date.now() },
          { name: 'page_view', properties: { path: '/' } },
        ],
      },
    });
    assert.equal(r.status, 202);
    assert.equal(r.body.accepted, 2);
    const got = await call(`${api}/telemetry/events?name=login_success`);
    assert.equal(got.body.data.length, 1);
    assert.deepEqual(got.body.data[0].properties, { method: 'email', page: '/auth/log-in/' });
    assertClientError(await call(`${api}/telemetry/events`, { body: { events: [] } }), 400, 'events');
    assertClientError(await call(`${api}/telemetry/events`, { body: { events: [{ properties: {} }] } }), 400, 'name');
    assert.equal((await call(`${api}/telemetry/events`, { method: 'DELETE' })).body.deleted, 2);
  });
  test('outbox and dev token helpers reject bad input', async () => {
    assert.ok(Array.isArray((await call(`${api}/dev/outbox`)).body.data));
    assertClientError(await call(`${api}/dev/google_credential`), 400, 'email');
    assertClientError(await call(`${api}/dev/partner_token?company_profile_uuid=${NOPE}&email=a@b.co`), 404);
    assertClientError(await call(`${api}/dev/totp?id=nope`), 404);
    assertClientError(await call(`${api}/dev/app_token?email=ghost@haven.test`), 404);
  });
});
