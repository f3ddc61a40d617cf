// The providers module on its own: a provider by its public id (404 naming it otherwise), providers
// with their earliest slot in the order given, the clinics with their own centres, and the matching
// record (recently matched: only those the previous save did not have).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { HttpError } from '../src/core/http.js';
import {
  clinicsWithCentres,
  declineProvider,
  declinesOf,
  matchCondition,
  matchingFeedback,
  matchingRecordOf,
  rankedMatches,
  recordMatchingFeedback,
  sessionChoice,
  withdrawDecline,
  PROVIDER_ROLES,
  providerByUuid,
  saveMatchingRecord,
  searchProviders,
  slotCountsByDate,
  withEarliest,
  type ProviderRow,
} from '../src/providers/index.js';
import { findUser } from '../src/identity/index.js';
import { seededDb } from './module-db.js';

const { db } = seededDb();

describe('providerByUuid', () => {
  test('finds a provider by its uuid', async () => {
    const [row] = await db().query<ProviderRow>(`SELECT * FROM providers ORDER BY id LIMIT 1`);
    assert.equal((await providerByUuid(db(), row!.uuid)).id, row!.id);
  });
  test('an unknown uuid is a 404 that names it', async () => {
    const uuid = '00000000-0000-4000-8000-000000000000';
    await assert.rejects(
      providerByUuid(db(), uuid),
      (e: unknown) => e instanceof HttpError && e.statusCode === 404 && e.message === `No provider ${uuid}`,
    );
  });
});

test("withEarliest keeps the order given and answers each one's earliest slot (ISO) or null", async () => {
  const rows = await db().query<ProviderRow>(`SELECT * FROM providers ORDER BY id DESC LIMIT 4`);
  const out = await withEarliest(db(), rows);
  assert.deepEqual(
    out.map((p) => p.uuid),
    rows.map((p) => p.uuid),
  );
  for (const p of out) assert.ok(p.earliest_available_datetime === null || !Number.isNaN(Date.parse(p.earliest_available_datetime)));
  assert.ok(
    out.some((p) => p.earliest_available_datetime !== null),
    'the demo providers have free slots',
  );
});

test('every seeded provider has a provider role', async () => {
  const rows = await db().query<{ roles: string[] }>(`SELECT roles FROM providers`);
  for (const r of rows)
    assert.ok(
      r.roles.some((x) => PROVIDER_ROLES.includes(x)),
      `roles ${r.roles.join(',')}`,
    );
});

test('each clinic lists its own centres only', async () => {
  const clinics = await clinicsWithCentres(db());
  assert.ok(clinics.length > 0);
  const owner = new Map(
    (await db().query<{ id: number; clinic_id: number }>(`SELECT id, clinic_id FROM clinic_centres`)).map((c) => [c.id, c.clinic_id]),
  );
  for (const c of clinics) for (const centre of c.centres) assert.equal(owner.get(centre.id), c.id);
  assert.equal(
    clinics.reduce((n, c) => n + c.centres.length, 0),
    owner.size,
  );
});

describe('matching record', () => {
  test('none saved: an empty record', async () => {
    const u = (await findUser(db(), 'email', 'patient@haven.test'))!;
    assert.deepEqual(await matchingRecordOf(db(), u.id, 'nobody-saved-this'), {
      filter: {},
      updated_at: null,
      all_matched_providers: [],
      recently_matched_providers: [],
    });
  });
  test('recently matched are those the previous save did not have', async () => {
    const u = (await findUser(db(), 'email', 'patient@haven.test'))!;
    const [a, b, c] = [
      '11111111-1111-4111-8111-111111111111',
      '22222222-2222-4222-8222-222222222222',
      '33333333-3333-4333-8333-333333333333',
    ];
    const first = await saveMatchingRecord(db(), u.id, 'module-test', { concern: 'sleep' }, [a!, b!], '2026-01-01T10:00:00.000Z');
    assert.deepEqual(first.recently_matched_providers, [a, b]);
    const second = await saveMatchingRecord(db(), u.id, 'module-test', { concern: 'stress' }, [b!, c!], '2026-01-02T10:00:00.000Z');
    assert.deepEqual(second.recently_matched_providers, [c]);
    assert.deepEqual(await matchingRecordOf(db(), u.id, 'module-test'), second);
  });
});

test('slotCountsByDate counts the slots of each local date, in slot order', () => {
  const day = (s: number) => `2026-01-${String(Math.floor(s / 10)).padStart(2, '0')}`;
  assert.deepEqual(slotCountsByDate([], day), []);
  assert.deepEqual(slotCountsByDate([11, 12, 15, 21, 31, 32], day), [
    { date: '2026-01-01', slots_count: 3 },
    { date: '2026-01-02', slots_count: 1 },
    { date: '2026-01-03', slots_count: 2 },
  ]);
});

test('searchProviders: one page, the total of all pages, never a support provider', async () => {
  const all = await searchProviders(db(), {}, 1, 50);
  assert.equal(all.rows.length, all.total);
  assert.ok(all.rows.every((p) => !p.is_support_provider));
  const page2 = await searchProviders(db(), {}, 2, 2);
  assert.equal(page2.total, all.total);
  assert.deepEqual(
    page2.rows.map((p) => p.id),
    all.rows.slice(2, 4).map((p) => p.id),
  );
  const therapists = await searchProviders(db(), { role: ['therapist'] }, 1, 50);
  assert.ok(therapists.total > 0 && therapists.total < all.total);
  assert.ok(therapists.rows.every((p) => p.roles.includes('therapist')));
});

describe('matchCondition', () => {
  const cases: Array<[string, Parameters<typeof matchCondition>[0], string, unknown[]]> = [
    ['the role only', { role: 'therapist' }, 'NOT is_support_provider AND roles @> jsonb_build_array($1::text)', ['therapist']],
    [
      'concern and language lower-cased, numbered in order',
      { role: 'therapist', concern: 'Anxiety', language: 'Hindi' },
      'NOT is_support_provider AND roles @> jsonb_build_array($1::text) AND concerns @> jsonb_build_array($2::text) AND languages @> jsonb_build_array($3::text)',
      ['therapist', 'anxiety', 'hindi'],
    ],
    [
      'language without concern takes $2',
      { role: 'psychiatrist', language: 'EN' },
      'NOT is_support_provider AND roles @> jsonb_build_array($1::text) AND languages @> jsonb_build_array($2::text)',
      ['psychiatrist', 'en'],
    ],
    [
      'online mode',
      { role: 'therapist', mode: 'online' },
      'NOT is_support_provider AND roles @> jsonb_build_array($1::text) AND online_offering IS NOT NULL',
      ['therapist'],
    ],
    [
      'offline mode',
      { role: 'therapist', mode: 'offline' },
      'NOT is_support_provider AND roles @> jsonb_build_array($1::text) AND offline_offering IS NOT NULL',
      ['therapist'],
    ],
  ];
  for (const [name, f, where, params] of cases) test(name, () => assert.deepEqual(matchCondition(f), { where, params }));
});

describe('declines and matching feedback', () => {
  test('a declined provider leaves the matches until the decline is withdrawn, and only its owner withdraws it', async () => {
    const u = (await findUser(db(), 'email', 'patient@haven.test'))!;
    const other = (await findUser(db(), 'email', 'parent@haven.test'))!;
    const before = await rankedMatches(db(), u.id, { role: 'therapist' });
    const first = before[0]!;
    const { inserted, decline } = await declineProvider(db(), u.id, first.id, 'fees', null);
    assert.equal(inserted, true);
    assert.equal((await declineProvider(db(), u.id, first.id, 'language', 'again')).inserted, false);
    assert.ok(!(await rankedMatches(db(), u.id, { role: 'therapist' })).some((p) => p.id === first.id));
    assert.deepEqual(
      (await declinesOf(db(), u.id)).map((d) => [d.uuid, d.reason]),
      [[decline.uuid, 'language']],
    );
    assert.equal(await withdrawDecline(db(), other.id, decline.uuid), false);
    assert.equal(await withdrawDecline(db(), u.id, decline.uuid), true);
    assert.ok((await rankedMatches(db(), u.id, { role: 'therapist' })).some((p) => p.id === first.id));
  });
  test('feedback records its fits, and is read only by its author', async () => {
    const u = (await findUser(db(), 'email', 'patient@haven.test'))!;
    const other = (await findUser(db(), 'email', 'parent@haven.test'))!;
    const [p] = await rankedMatches(db(), u.id, { role: 'therapist' });
    const uuid = await recordMatchingFeedback(db(), u.id, {
      providerType: 'therapist',
      rating: 4,
      comment: null,
      providers: [{ id: p!.id, fit: 'poor' }],
    });
    const f = await matchingFeedback(db(), uuid, u.id);
    assert.deepEqual(
      f.providers.map((x) => [x.provider.uuid, x.fit]),
      [[p!.uuid, 'poor']],
    );
    await assert.rejects(matchingFeedback(db(), uuid, other.id), (e: unknown) => e instanceof HttpError && e.statusCode === 404);
  });
});

describe('sessionChoice', () => {
  const offering = { minimum_fee: 1000, currency: 'INR', display_text: '', international_pricing_display_text: '', couple: null };
  const p = {
    online_offering: offering,
    offline_offering: null,
    clinic_centre_ids: [],
    offered_durations: [30, 50, 80],
  } as unknown as ProviderRow;
  const assessment = { duration_minutes: 90, online_fee: 2500, offline_fee: null } as unknown as Parameters<typeof sessionChoice>[2];
  test('a session: the default length when offered, no assessment fee', () => {
    assert.deepEqual(sessionChoice(p, { mode: 'online' }, null), { offering, type: 'individual', assessmentFee: null, minutes: 50 });
  });
  test('the first offered length when the default is not', () => {
    assert.equal(sessionChoice({ ...p, offered_durations: [80, 30] }, { mode: 'online' }, null).minutes, 80);
  });
  test('an assessment: its own fee and length', () => {
    assert.deepEqual(sessionChoice(p, { mode: 'online', session_type: 'ancillary_assessment' }, assessment), {
      offering,
      type: 'ancillary_assessment',
      assessmentFee: 2500,
      minutes: 90,
    });
  });
  const refused: Array<[string, Parameters<typeof sessionChoice>[1], Parameters<typeof sessionChoice>[2], number, string]> = [
    ['a mode not offered', { mode: 'offline' }, null, 422, 'Provider does not offer offline sessions'],
    ['a couple session not offered', { mode: 'online', session_type: 'couple' }, null, 422, 'Provider does not offer couple sessions'],
    [
      'no assessment offered',
      { mode: 'online', session_type: 'ancillary_assessment' },
      null,
      422,
      'Provider does not offer an ancillary assessment',
    ],
    ['a length not offered', { mode: 'online', duration_minutes: 45 }, null, 422, 'Provider offers sessions of 30 or 50 or 80 minutes'],
    [
      'an assessment at another length',
      { mode: 'online', session_type: 'ancillary_assessment', duration_minutes: 50 },
      assessment,
      422,
      'Provider offers the assessment of 90 minutes',
    ],
  ];
  for (const [name, asked, anc, status, message] of refused) {
    test(`refused: ${name}`, () =>
      assert.throws(
        () => sessionChoice(p, asked, anc),
        (e: unknown) => e instanceof HttpError && e.statusCode === status && e.message === message,
      ));
  }
  test('offline: a clinic is required, and must be one the provider sees clients at', () => {
    const both = { ...p, offline_offering: offering, clinic_centre_ids: [3] } as ProviderRow;
    assert.throws(
      () => sessionChoice(both, { mode: 'offline' }, null),
      (e: unknown) => e instanceof HttpError && e.statusCode === 400,
    );
    assert.throws(
      () => sessionChoice(both, { mode: 'offline', clinic_centre_id: 4 }, null),
      (e: unknown) => e instanceof HttpError && e.message === 'Provider does not see clients at centre 4',
    );
    assert.equal(sessionChoice(both, { mode: 'offline', clinic_centre_id: 3 }, null).type, 'individual');
  });
});
