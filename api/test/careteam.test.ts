// Care team and public profiles: my providers with their roles and next sessions, saved
// providers (owner only, checked with a second user), the public profile (no private field), the
// public list and the expertise and concerns lists.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, serverPerFile, call, signIn, type Session, type TestServer } from './helpers.js';
import { assertClientError } from './assert-helpers.js';

let srv: TestServer;
let api: string;
let patient: Session;
let intl: Session;
const NOPE = '00000000-0000-4000-8000-000000000000';
type Card = { uuid: string; firstname: string; roles: string[]; concerns: string[] };
const server = serverPerFile();
before(async () => {
  srv = await server();
  api = srv.api;
  patient = await signIn(api, 'patient@haven.test');
  intl = await signIn(api, 'intl@haven.test');
});

const providerUuid = async (firstname: string) =>
  (await call<{ data: Card[] }>(`${api}/public/providers`)).body.data.find((p) => p.firstname === firstname)!.uuid;

describe('my providers (care team)', () => {
  test('each provider with the role it holds for me and my next session with it', async () => {
    const r = await as(patient, `${api}/customers/my_providers?nocache=${Date.now()}`);
    assert.equal(r.status, 200);
    const byType = Object.fromEntries(
      (
        r.body.data as Array<{
          provider_type: string;
          firstname: string;
          next_session: { start_time: string; session_type: string } | null;
        }>
      ).map((p) => [p.provider_type, p]),
    );
    assert.deepEqual(Object.keys(byType).sort(), ['couplestherapist', 'psychiatrist', 'therapist']);
    assert.equal(byType.therapist!.firstname, 'Ananya');
    assert.equal(byType.psychiatrist!.firstname, 'Vikram');
    assert.equal(byType.couplestherapist!.next_session!.session_type, 'couple');
    for (const p of Object.values(byType)) assert.ok(new Date(p.next_session!.start_time).getTime() > Date.now());
    // Another patient's care team is theirs alone.
    const other = await as(intl, `${api}/customers/my_providers`);
    assert.deepEqual(
      other.body.data.map((p: { firstname: string }) => p.firstname),
      ['Sara'],
    );
    assertClientError(await call(`${api}/customers/my_providers`), 401);
  });

  test('a session under way with a provider is my next session with them (not "no session booked")', async () => {
    const ananya = await providerUuid('Ananya');
    const live = await call<{ data: { uuid: string } }>(`${api}/dev/session_room`, {
      body: { email: 'patient@haven.test', provider_uuid: ananya, minutes: 50 },
    });
    assert.equal(live.status, 201, JSON.stringify(live.body));
    const r = await as(patient, `${api}/customers/my_providers`);
    const therapist = (r.body.data as Array<{ provider_type: string; next_session: { uuid: string } | null }>).find(
      (p) => p.provider_type === 'therapist',
    );
    assert.equal(therapist!.next_session?.uuid, live.body.data.uuid);
    // Another patient's care team does not see it.
    const other = await as(intl, `${api}/customers/my_providers`);
    assert.ok(!JSON.stringify(other.body).includes(live.body.data.uuid));
  });
});

describe('saved providers', () => {
  test('save, list, unsave: mine only (a second user sees none of mine and cannot unsave them)', async () => {
    const seeded = await as(patient, `${api}/customers/saved_providers`);
    assert.deepEqual(
      seeded.body.data.map((p: Card) => p.firstname),
      ['Tara'],
    );
    const rahul = await providerUuid('Rahul');
    assert.deepEqual((await as(patient, `${api}/customers/saved_providers/${rahul}`, { method: 'PUT' })).body, { success: true });
    assert.equal(
      (await as(patient, `${api}/customers/saved_providers/${rahul}`, { method: 'PUT' })).status,
      200,
      'saving twice is the same',
    );
    assert.deepEqual(
      (await as(patient, `${api}/customers/saved_providers`)).body.data.map((p: Card) => p.firstname),
      ['Rahul', 'Tara'],
    );

    assert.deepEqual((await as(intl, `${api}/customers/saved_providers`)).body.data, []);
    assertClientError(await as(intl, `${api}/customers/saved_providers/${rahul}`, { method: 'DELETE' }), 404);
    assert.equal((await as(patient, `${api}/customers/saved_providers`)).body.data.length, 2, 'the second user removed nothing');

    assert.deepEqual((await as(patient, `${api}/customers/saved_providers/${rahul}`, { method: 'DELETE' })).body, { success: true });
    assertClientError(await as(patient, `${api}/customers/saved_providers/${rahul}`, { method: 'DELETE' }), 404);
    assertClientError(await as(patient, `${api}/customers/saved_providers/${NOPE}`, { method: 'PUT' }), 404);
    assertClientError(await as(patient, `${api}/customers/saved_providers/not-a-uuid`, { method: 'PUT' }), 400);
    assertClientError(await call(`${api}/customers/saved_providers`), 401);
    assertClientError(await call(`${api}/customers/saved_providers/${rahul}`, { method: 'PUT' }), 401);
  });
  test('a care coordinator cannot be saved (no public listing)', async () => {
    const all = await as(patient, `${api}/providers/dropdown_v2?provider_type=all&include_support_providers=true`);
    const ravi = all.body.data.find((p: Card) => p.roles.includes('care-coordinator'));
    assertClientError(await as(patient, `${api}/customers/saved_providers/${ravi.uuid}`, { method: 'PUT' }), 404);
  });
});

describe('public provider pages (no sign-in)', () => {
  const PRIVATE = [
    'id',
    'timezone',
    'work_days',
    'work_start_hour',
    'work_end_hour',
    'clinic_centre_ids',
    'is_support_provider',
    'offered_durations',
    'email',
    'mobile',
    'user_id',
    'provider_id',
    'price_tier',
    'gender',
  ];
  const keysDeep = (v: unknown, out = new Set<string>()): Set<string> => {
    if (Array.isArray(v)) v.forEach((x) => keysDeep(x, out));
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        out.add(k);
        keysDeep(x, out);
      }
    return out;
  };

  test('the profile: bio, roles, languages, fees, testimonials, similar providers, next slots; no private field', async () => {
    const ananya = await providerUuid('Ananya');
    const r = await call(`${api}/public/providers/${ananya}`);
    assert.equal(r.status, 200);
    const d = r.body.data;
    assert.match(d.bio, /^Ananya helps/);
    assert.deepEqual(d.roles, ['therapist']);
    assert.deepEqual(d.languages, ['english', 'hindi']);
    assert.equal(d.online_offering.minimum_fee, 1500);
    assert.equal(d.testimonials.length, 2);
    assert.ok(d.testimonials.every((t: { author_label: string }) => /^A (patient|couple) in /.test(t.author_label)));
    assert.ok(d.similar_providers.length > 0 && d.similar_providers.length <= 3);
    assert.ok(d.similar_providers.every((s: Card) => s.uuid !== ananya && s.roles.includes('therapist')));
    assert.equal(
      d.similar_providers[0].concerns.filter((c: string) => d.concerns.includes(c)).length >= 1,
      true,
      'most shared concerns first',
    );
    assert.ok(d.next_slots.length > 0 && d.next_slots.length <= 6);
    assert.ok(new Date(d.next_slots[0].start_time).getTime() > Date.now());
    const leaked = PRIVATE.filter((k) => keysDeep(r.body).has(k));
    assert.deepEqual(leaked, []);
  });

  test('the list holds every listed provider, never a care coordinator; unknown and support uuids are 404', async () => {
    const r = await call<{ data: Card[] }>(`${api}/public/providers`);
    assert.ok(r.body.data.length >= 17);
    assert.ok(r.body.data.every((p) => !p.roles.includes('care-coordinator')));
    assert.deepEqual(
      PRIVATE.filter((k) => keysDeep(r.body).has(k)),
      [],
    );
    assertClientError(await call(`${api}/public/providers/${NOPE}`), 404);
    assertClientError(await call(`${api}/public/providers/nope`), 400);
    const all = await as(patient, `${api}/providers/dropdown_v2?provider_type=all&include_support_providers=true`);
    const ravi = all.body.data.find((p: Card) => p.roles.includes('care-coordinator'));
    assertClientError(await call(`${api}/public/providers/${ravi.uuid}`), 404);
  });

  test('stable addresses: a provider uuid derives from the name (prerendered pages match the seeded api)', async () => {
    const { createHash } = await import('node:crypto');
    const md5 = createHash('md5').update('haven-demo-provider:ananya-rao').digest('hex');
    const v4 = `${md5.slice(0, 12)}4${md5.slice(13, 16)}8${md5.slice(17)}`;
    assert.equal((await providerUuid('Ananya')).replace(/-/g, ''), v4);
    assert.match(await providerUuid('Ananya'), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  test('expertise and concerns lists with provider counts', async () => {
    const ex = (await call(`${api}/public/expertise`)).body.data as Array<{ role: string; providers: number }>;
    assert.ok(ex.find((e) => e.role === 'psychiatrist')!.providers === 2);
    assert.ok(!ex.some((e) => e.role === 'care-coordinator'));
    const co = (await call(`${api}/public/concerns`)).body.data as Array<{ concern: string; providers: number }>;
    assert.ok(co.find((c) => c.concern === 'anxiety')!.providers >= 5);
    assert.deepEqual(
      co.map((c) => c.concern),
      [...co.map((c) => c.concern)].sort(),
    );
  });
});
