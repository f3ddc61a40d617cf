// What a patient chooses a provider by: every seeded provider has a portrait, qualification, council
// registration, years, languages, concerns and an approach line; the list, the detail and the public
// profile carry them with the next three free times and testimonials, typed in the OpenAPI document;
// a company package says "Covered by" on what it covers, and refuses what it does not.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { as, serverPerFile, call, signIn, type Session, type TestServer } from './helpers.js';

let srv: TestServer;
let api: string;
let acme: Session;
let patient: Session;
const server = serverPerFile();
before(async () => {
  srv = await server();
  api = srv.api;
  acme = await signIn(api, 'employee@acme.test');
  patient = await signIn(api, 'patient@haven.test');
});

const AVATARS = fileURLToPath(new URL('../assets/avatars/', import.meta.url));

interface Card {
  uuid: string;
  firstname: string;
  lastname: string;
  roles: string[];
  languages: string[];
  concerns: string[];
  experience_years: number;
  avatar_url: string | null;
  qualification: string | null;
  registration: { council: string; number: string } | null;
  approach: string | null;
  next_free_times: string[];
  testimonials: Array<{ author_label: string; body: string; rating: number }>;
  covered_by: string | null;
}
const list = async (s: Session | null, query = '') => {
  const r = s
    ? await as<{ data: Card[] }>(s, `${api}/providers?per_page=50${query}`)
    : await call<{ data: Card[] }>(`${api}/providers?per_page=50${query}`);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.data;
};
const named = (cards: Card[], first: string) => cards.find((c) => c.firstname === first)!;

/** The card fields every provider answer carries, filled. */
function assertFilled(c: Card, where: string) {
  const who = `${c.firstname} ${c.lastname} (${where})`;
  assert.match(c.avatar_url ?? '', /\/avatars\/[a-z-]+\.webp$/, `${who}: a portrait in the avatar folder`);
  assert.ok(c.qualification, `${who}: qualification`);
  assert.ok(c.registration?.council && c.registration.number, `${who}: registration`);
  assert.ok(c.approach, `${who}: approach`);
  assert.ok(c.experience_years > 0, `${who}: years`);
  assert.ok(c.languages.length > 0, `${who}: languages`);
  assert.ok(c.concerns.length > 0, `${who}: concerns`);
  assert.ok(c.next_free_times.length <= 3, `${who}: at most three times`);
  const times = c.next_free_times.map((t) => Date.parse(t));
  assert.deepEqual(
    times,
    [...times].sort((a, b) => a - b),
    `${who}: earliest first`,
  );
  assert.ok(Array.isArray(c.testimonials), `${who}: testimonials`);
}

describe('provider cards', () => {
  test('no seeded provider lacks a portrait, qualification, registration, years, languages, approach (nor a listed one concerns)', async () => {
    const rows = await srv.db.query<{
      name: string;
      avatar_file: string | null;
      qualification: string | null;
      registration_council: string | null;
      registration_number: string | null;
      approach: string | null;
      experience_years: number;
      languages: string[];
      concerns: string[];
      is_support_provider: boolean;
    }>(`SELECT firstname || ' ' || lastname AS name, * FROM providers ORDER BY id`);
    assert.ok(rows.length >= 18, `the demo seeds its providers (${rows.length})`);
    const lacking = rows.flatMap((r) => {
      const gaps = [
        !r.avatar_file || !existsSync(`${AVATARS}${r.avatar_file}`) ? 'portrait' : '',
        r.qualification ? '' : 'qualification',
        r.registration_council && r.registration_number ? '' : 'registration',
        r.approach ? '' : 'approach',
        r.experience_years > 0 ? '' : 'years',
        r.languages.length ? '' : 'languages',
        // A care coordinator has no public page and helps with booking, not with a concern.
        r.concerns.length || r.is_support_provider ? '' : 'concerns',
      ].filter(Boolean);
      return gaps.length ? [`${r.name}: ${gaps.join(', ')}`] : [];
    });
    assert.deepEqual(lacking, []);
    // Each drawing is its own (no two providers share one).
    assert.equal(new Set(rows.map((r) => r.avatar_file)).size, rows.length);
  });

  test('the list and the detail carry the card fields; the portrait is served small and typed; a provider without one gets the default avatar', async () => {
    const cards = await list(null);
    assert.ok(cards.length >= 15);
    for (const c of cards) assertFilled(c, 'list');
    const ananya = named(cards, 'Ananya');
    assert.equal(ananya.next_free_times.length, 3);
    assert.equal(ananya.testimonials.length, 2, 'the two newest testimonials on a list card');
    assert.deepEqual(named(cards, 'Liam').testimonials, [], 'none where there are none');
    assert.equal(named(cards, 'Vikram').registration?.council, 'Tamil Nadu Medical Council');
    for (const c of cards) assert.equal(c.covered_by, null, 'a visitor pays');

    // The test server stands in for the asset host the answer names (the development one).
    const onServer = (url: string) => new URL(new URL(url).pathname, srv.url).href;
    const img = await fetch(onServer(ananya.avatar_url!));
    assert.equal(img.status, 200);
    assert.equal(img.headers.get('content-type'), 'image/webp');
    assert.ok((await img.arrayBuffer()).byteLength < 8_000, 'a portrait stays small');

    const detail = await call<{ data: Card & { bio: string } }>(`${api}/providers/${ananya.uuid}`);
    assertFilled(detail.body.data, 'detail');
    assert.deepEqual(detail.body.data.next_free_times, ananya.next_free_times);

    await srv.db.query(`UPDATE providers SET avatar_file = NULL WHERE uuid::text = $1`, [ananya.uuid]);
    try {
      const fallback = (await call<{ data: Card }>(`${api}/providers/${ananya.uuid}`)).body.data.avatar_url!;
      assert.match(fallback, /\/avatars\/default\.webp$/);
      assert.equal((await fetch(onServer(fallback))).status, 200, 'the default avatar is shipped');
    } finally {
      await srv.db.query(`UPDATE providers SET avatar_file = 'ananya-rao.webp' WHERE uuid::text = $1`, [ananya.uuid]);
    }
  });

  test('the public list and profile carry them too; the profile keeps all its testimonials', async () => {
    const all = (await call<{ data: Card[] }>(`${api}/public/providers`)).body.data;
    for (const c of all) assertFilled(c, 'public list');
    const ananya = named(all, 'Ananya');
    const profile = (await call<{ data: Card & { next_slots: unknown[] } }>(`${api}/public/providers/${ananya.uuid}`)).body.data;
    assertFilled(profile, 'profile');
    assert.equal(profile.testimonials.length, 2);
    assert.equal(profile.covered_by, null);
  });

  test('the OpenAPI document types the card fields', async () => {
    const doc = (
      await call<{ components: { schemas: Record<string, { properties: Record<string, unknown>; required: string[] }> } }>(
        `${api.replace(/\/api\/v1$/, '')}/openapi.json`,
      )
    ).body;
    const card = doc.components.schemas.ProviderCard!;
    for (const field of [
      'avatar_url',
      'qualification',
      'registration',
      'approach',
      'next_free_times',
      'testimonials',
      'covered_by',
      'experience_years',
      'languages',
      'concerns',
    ])
      assert.ok(card.required.includes(field) && card.properties[field], `ProviderCard.${field}`);
  });
});

describe('sponsored care: "Covered by" where the package covers the provider, refused where it does not', () => {
  test("an Acme employee's list and profile say Covered by Acme Corp on what the therapy package covers, never on a coach", async () => {
    const cards = await list(acme);
    assert.equal(named(cards, 'Ananya').covered_by, 'Acme Corp');
    assert.equal(named(cards, 'Vikram').covered_by, 'Acme Corp', 'psychiatry is on the card of Acme, so it is covered');
    assert.equal(named(cards, 'Arjun').covered_by, null, 'a coach is not covered by a therapy package');
    const profile = await as<{ data: Card }>(acme, `${api}/public/providers/${named(cards, 'Ananya').uuid}`);
    assert.equal(profile.body.data.covered_by, 'Acme Corp');
    const detail = await as<{ data: Card }>(acme, `${api}/providers/${named(cards, 'Arjun').uuid}`);
    assert.equal(detail.body.data.covered_by, null);
    for (const c of await list(patient)) assert.equal(c.covered_by, null, 'a self-paying patient pays');
  });

  test('an assessment (not a session the package lists) cannot be booked with the package', async () => {
    const ananya = named(await list(acme), 'Ananya');
    const dates = (await call(`${api}/providers/${ananya.uuid}/schedule_dates`)).body.data.dates as Array<{ date: string }>;
    const slots = (await call(`${api}/providers/${ananya.uuid}/slots?date=${dates[4]!.date}`)).body.data.slots as Array<{
      start_time: string;
    }>;
    const made = await as(acme, `${api}/bookings`, {
      body: { provider_uuid: ananya.uuid, start_time: slots[1]!.start_time, mode: 'online', session_type: 'ancillary_assessment' },
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const before = (await as(acme, `${api}/customers/org_packages`)).body.credits_left;
    const r = await as(acme, `${api}/bookings/${made.body.data.uuid}/package`, { method: 'POST' });
    assert.equal(r.status, 422, JSON.stringify(r.body));
    assert.match(String(r.body.message ?? r.body.error), /package/i);
    assert.equal((await as(acme, `${api}/customers/org_packages`)).body.credits_left, before, 'no credit spent');
    assert.equal((await as(acme, `${api}/bookings/${made.body.data.uuid}`)).body.data.status, 'pending');
  });
});
