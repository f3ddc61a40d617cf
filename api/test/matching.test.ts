// Decline and track and matching feedback: a declined provider is not suggested again, the
// ranking uses declines and feedback, another account gets 404 on every id, text-taking routes are limited.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, type Session, signIn, withPatientAndStranger } from './helpers.js';
import { assertClientError } from './assert-helpers.js';

let api: string;
let patient: Session;
let stranger: Session;
withPatientAndStranger((w) => ({ api, patient, stranger } = w));

type P = { uuid: string; firstname: string };
const matches = async (who: Session, q = 'role=therapist&concern=anxiety') =>
  (await as<{ data: P[] }>(who, `${api}/customers/matches?${q}`)).body.data;
const names = (ps: P[]) => ps.map((p) => p.firstname);
const decline = (who: Session, provider_uuid: string, reason: string, comment?: string) =>
  as(who, `${api}/customers/provider_declines`, { body: { provider_uuid, reason, ...(comment === undefined ? {} : { comment }) } });

describe('decline and track, matching feedback', () => {
  test('a declined provider is not matched or suggested again; withdrawing brings them back', async () => {
    const before = await matches(patient);
    const zoya = before.find((p) => p.firstname === 'Zoya')!;
    assert.ok(zoya, JSON.stringify(names(before)));
    const d = await decline(patient, zoya.uuid, 'other', '  Not the approach I want  ');
    assert.equal(d.status, 201, JSON.stringify(d.body));
    assert.deepEqual([d.body.data.reason, d.body.data.comment, d.body.data.provider.uuid], ['other', 'Not the approach I want', zoya.uuid]);
    assert.ok(!names(await matches(patient)).includes('Zoya'));
    const suggested = (await as(patient, `${api}/customers/suggested_providers?section=therapy`)).body.data as P[];
    assert.ok(!names(suggested).includes('Zoya'), JSON.stringify(names(suggested)));
    // Another patient still gets Zoya.
    assert.ok(names(await matches(stranger)).includes('Zoya'));
    // Declining again updates the reason of the one decline.
    const again = await decline(patient, zoya.uuid, 'availability');
    assert.deepEqual(
      [again.status, again.body.data.uuid, again.body.data.reason, again.body.data.comment],
      [200, d.body.data.uuid, 'availability', null],
    );
    assert.equal(
      (await as(patient, `${api}/customers/provider_declines`)).body.data.filter((x: { provider: P }) => x.provider.uuid === zoya.uuid)
        .length,
      1,
    );
    // Not the stranger's: 404, and nothing changes.
    assertClientError(await as(stranger, `${api}/customers/provider_declines/${d.body.data.uuid}`, { method: 'DELETE' }), 404);
    assert.ok(
      !(await as(stranger, `${api}/customers/provider_declines`)).body.data.some((x: { uuid: string }) => x.uuid === d.body.data.uuid),
    );
    assert.ok(!names(await matches(patient)).includes('Zoya'));
    assert.equal((await as(patient, `${api}/customers/provider_declines/${d.body.data.uuid}`, { method: 'DELETE' })).status, 200);
    assert.ok(names(await matches(patient)).includes('Zoya'));
  });

  test('the ranking uses the decline reason and the feedback', async () => {
    const who = await signIn(api, 'employee@acme.test');
    const base = await matches(who);
    assert.ok(base.length >= 4, JSON.stringify(names(base)));
    // "gender" on a female therapist: the male ones come before the other female ones.
    const female = base.find((p) => p.firstname === 'Ananya')!;
    await decline(who, female.uuid, 'gender');
    const ranked = names(await matches(who));
    const firstFemale = ranked.findIndex((n) => ['Zoya', 'Neha', 'Sara', 'Tara', 'Isha'].includes(n));
    const lastMale = Math.max(...['Liam', 'Kabir', 'Rahul'].map((n) => ranked.indexOf(n)));
    assert.ok(lastMale >= 0 && lastMale < firstFemale, JSON.stringify(ranked));
    // Feedback: a good fit comes first, a poor fit last.
    const now = await matches(who);
    const good = now[now.length - 1]!;
    const poor = now[0]!;
    const fb = await as(who, `${api}/customers/matching_feedback`, {
      body: {
        provider_type: 'therapist',
        rating: 2,
        comment: 'Too far from what I asked',
        providers: [
          { provider_uuid: good.uuid, fit: 'good' },
          { provider_uuid: poor.uuid, fit: 'poor' },
        ],
      },
    });
    assert.equal(fb.status, 201, JSON.stringify(fb.body));
    assert.deepEqual(
      fb.body.data.providers.map((x: { provider: P; fit: string }) => [x.provider.uuid, x.fit]).sort(),
      [
        [good.uuid, 'good'],
        [poor.uuid, 'poor'],
      ].sort(),
    );
    const after = await matches(who);
    assert.equal(after[0]!.uuid, good.uuid);
    assert.equal(after[after.length - 1]!.uuid, poor.uuid);
    assert.equal((await as(who, `${api}/customers/matching_feedback/${fb.body.data.uuid}`)).body.data.rating, 2);
    assertClientError(await as(stranger, `${api}/customers/matching_feedback/${fb.body.data.uuid}`), 404);
  });

  test('bad input: unknown provider, unknown reason, a provider twice, a care coordinator role', async () => {
    assertClientError(await decline(patient, '00000000-0000-4000-8000-000000000000', 'other'), 404);
    assertClientError(await decline(patient, (await matches(patient))[0]!.uuid, 'rude'), 400);
    const p = (await matches(patient))[0]!.uuid;
    assertClientError(
      await as(patient, `${api}/customers/matching_feedback`, {
        body: {
          provider_type: 'therapist',
          rating: 4,
          providers: [
            { provider_uuid: p, fit: 'good' },
            { provider_uuid: p, fit: 'poor' },
          ],
        },
      }),
      400,
      'twice',
    );
    assertClientError(await as(patient, `${api}/customers/matching_feedback`, { body: { provider_type: 'therapist', rating: 6 } }), 400);
    assertClientError(await as(patient, `${api}/customers/matches?role=care-coordinator`), 400);
  });

  test('declines and feedback are rate-limited per account: 429 with Retry-After', async () => {
    const who = await signIn(api, 'employee@globex.test');
    const p = (await matches(who))[0]!.uuid;
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await decline(who, p, 'other', `try ${i}`)).status);
    assert.deepEqual(statuses, [201, ...Array(29).fill(200), 429]);
    const fb: number[] = [];
    for (let i = 0; i < 11; i++)
      fb.push((await as(who, `${api}/customers/matching_feedback`, { body: { provider_type: 'therapist', rating: 3 } })).status);
    assert.deepEqual(fb, [...Array(10).fill(201), 429]);
    const r = await as(who, `${api}/customers/matching_feedback`, { body: { provider_type: 'therapist', rating: 3 } });
    assert.equal((r.body as { code: string }).code, 'rate_limited');
    assert.ok(Number(r.headers.get('retry-after')) > 0);
  });
});
