// The providers module on its own: a provider by its public id (404 naming it otherwise), providers
// with their earliest slot in the order given, the clinics with their own centres, and the matching
// record (recently matched: only those the previous save did not have).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { HttpError } from '../src/core/http.js';
import {
  clinicsWithCentres, matchingRecordOf, PROVIDER_ROLES, providerByUuid, saveMatchingRecord, searchProviders, slotCountsByDate, withEarliest, type ProviderRow,
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
    await assert.rejects(providerByUuid(db(), uuid), (e: unknown) => e instanceof HttpError && e.statusCode === 404 && e.message === `No provider ${uuid}`);
  });
});

test('withEarliest keeps the order given and answers each one\'s earliest slot (ISO) or null', async () => {
  const rows = await db().query<ProviderRow>(`SELECT * FROM providers ORDER BY id DESC LIMIT 4`);
  const out = await withEarliest(db(), rows);
  assert.deepEqual(out.map((p) => p.uuid), rows.map((p) => p.uuid));
  for (const p of out) assert.ok(p.earliest_available_datetime === null || !Number.isNaN(Date.parse(p.earliest_available_datetime)));
  assert.ok(out.some((p) => p.earliest_available_datetime !== null), 'the demo providers have free slots');
});

test('every seeded provider has a provider role', async () => {
  const rows = await db().query<{ roles: string[] }>(`SELECT roles FROM providers`);
  for (const r of rows) assert.ok(r.roles.some((x) => PROVIDER_ROLES.includes(x)), `roles ${r.roles.join(',')}`);
});

test('each clinic lists its own centres only', async () => {
  const clinics = await clinicsWithCentres(db());
  assert.ok(clinics.length > 0);
  const owner = new Map((await db().query<{ id: number; clinic_id: number }>(`SELECT id, clinic_id FROM clinic_centres`)).map((c) => [c.id, c.clinic_id]));
  for (const c of clinics) for (const centre of c.centres) assert.equal(owner.get(centre.id), c.id);
  assert.equal(clinics.reduce((n, c) => n + c.centres.length, 0), owner.size);
});

describe('matching record', () => {
  test('none saved: an empty record', async () => {
    const u = (await findUser(db(), 'email', 'patient@haven.test'))!;
    assert.deepEqual(await matchingRecordOf(db(), u.id, 'nobody-saved-this'), { filter: {}, updated_at: null, all_matched_providers: [], recently_matched_providers: [] });
  });
  test('recently matched are those the previous save did not have', async () => {
    const u = (await findUser(db(), 'email', 'patient@haven.test'))!;
    const [a, b, c] = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'];
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
    { date: '2026-01-01', slots_count: 3 }, { date: '2026-01-02', slots_count: 1 }, { date: '2026-01-03', slots_count: 2 },
  ]);
});

test('searchProviders: one page, the total of all pages, never a support provider', async () => {
  const all = await searchProviders(db(), {}, 1, 50);
  assert.equal(all.rows.length, all.total);
  assert.ok(all.rows.every((p) => !p.is_support_provider));
  const page2 = await searchProviders(db(), {}, 2, 2);
  assert.equal(page2.total, all.total);
  assert.deepEqual(page2.rows.map((p) => p.id), all.rows.slice(2, 4).map((p) => p.id));
  const therapists = await searchProviders(db(), { role: 'therapist' }, 1, 50);
  assert.ok(therapists.total > 0 && therapists.total < all.total);
  assert.ok(therapists.rows.every((p) => p.roles.includes('therapist')));
});
