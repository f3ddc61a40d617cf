// The rest of the patient's home (src/routes/care.ts): care tools, assigned tools, experts, journey,
// guided-tour marks and initial-assessment flags; each answer only ever about the caller.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, boot, call, signIn, type Session } from './helpers.js';

let api: string;
let close: () => Promise<void>;
let patient: Session;
let fresh: Session;

before(async () => {
  const s = await boot();
  api = s.api;
  close = s.close;
  patient = await signIn(api, 'patient@haven.test');
  fresh = await signIn(api, 'newpatient@haven.test');
});
after(async () => close());

describe('care tools', () => {
  test('the patient sees the tools their provider assigned; the detail carries steps and my assignment only', async () => {
    const assigned = await as(patient, `${api}/customers/assigned_tools`);
    assert.equal(assigned.status, 200);
    assert.deepEqual(
      assigned.body.data.map((t: { slug: string }) => t.slug),
      ['thought-record', 'box-breathing'],
    );
    assert.equal(assigned.body.data[0].assignment.provider_name, 'Ananya Rao');
    assert.deepEqual((await as(fresh, `${api}/customers/assigned_tools`)).body.data, []);

    const mine = await as(patient, `${api}/care_tools/box-breathing`);
    assert.equal(mine.status, 200);
    assert.equal(mine.body.data.steps.length, 4);
    assert.equal(mine.body.data.assignment.note, 'Before meetings that worry you.');
    const theirs = await as(fresh, `${api}/care_tools/box-breathing`);
    assert.equal(theirs.body.data.assignment, null, "a second user does not see the first user's assignment");
    assert.equal((await as(patient, `${api}/care_tools/no-such-tool`)).status, 404);
    assert.equal((await as(patient, `${api}/care_tools/${encodeURIComponent('../x')}`)).status, 400);
  });
});

describe('experts', () => {
  test('talks and videos, filtered by kind, with the links as published', async () => {
    const all = await as(patient, `${api}/experts`);
    assert.equal(all.status, 200);
    assert.deepEqual(new Set(all.body.data.map((e: { kind: string }) => e.kind)), new Set(['talk', 'video']));
    const videos = await as(patient, `${api}/experts?kind=video`);
    assert.ok(videos.body.data.length > 0 && videos.body.data.every((e: { kind: string }) => e.kind === 'video'));
    assert.equal((await as(patient, `${api}/experts?kind=podcast`)).status, 400);
  });
});

describe('journey', () => {
  test('built from my own completed sessions, assessments and journal, with the next session last', async () => {
    const j = await as(patient, `${api}/customers/journey`);
    assert.equal(j.status, 200);
    assert.equal(j.body.data.completed_sessions, 3);
    assert.equal(j.body.data.assessments_taken, 1);
    const kinds = j.body.data.milestones.map((m: { kind: string }) => m.kind);
    assert.equal(kinds.at(-1), 'next_session');
    assert.ok(kinds.includes('journal'));
    // The demo patient's milestones read in date order, joining included (it is not dated after the sessions).
    const dates = j.body.data.milestones.map((m: { at: string }) => m.at);
    assert.deepEqual(dates, [...dates].sort(), JSON.stringify(j.body.data.milestones));
    const f = await as(fresh, `${api}/customers/journey`);
    assert.deepEqual(
      f.body.data.milestones.map((m: { kind: string }) => m.kind),
      ['joined'],
      'a new patient has only joined',
    );
  });
});

describe('guided tours', () => {
  test('each tour is due until recorded, for that user only', async () => {
    assert.deepEqual((await as(fresh, `${api}/customers/coachmarks`)).body, { seen: [] });
    assert.equal((await as(fresh, `${api}/customers/coachmarks/experts`, { method: 'PUT' })).status, 200);
    assert.deepEqual((await as(fresh, `${api}/customers/coachmarks`)).body, { seen: ['experts'] });
    assert.equal((await as(fresh, `${api}/customers/coachmarks/profiles`, { method: 'PUT' })).status, 400);
    assert.deepEqual((await as(patient, `${api}/customers/coachmarks`)).body.seen.length, 5, 'demo accounts have seen every tour');
  });
});

describe('initial assessments', () => {
  test('the edited flags follow the assessment types I answered', async () => {
    assert.deepEqual((await as(patient, `${api}/customers/initial_assessments`)).body.data, { answered_types: ['therapy'] });
    assert.deepEqual((await as(fresh, `${api}/customers/initial_assessments`)).body.data, { answered_types: [] });
    const answers = [1, 2, 3].map((i) => ({ question_id: `q${i}`, value: 1 }));
    assert.equal((await as(fresh, `${api}/assessments/wellbeing-check/responses`, { body: { answers } })).status, 201);
    assert.deepEqual((await as(fresh, `${api}/customers/initial_assessments`)).body.data, { answered_types: ['common'] });
  });
});

test('every route here needs credentials', async () => {
  for (const [method, path] of [
    ['GET', '/customers/assigned_tools'],
    ['GET', '/care_tools/box-breathing'],
    ['GET', '/experts'],
    ['GET', '/customers/journey'],
    ['GET', '/customers/coachmarks'],
    ['PUT', '/customers/coachmarks/dashboard'],
    ['GET', '/customers/initial_assessments'],
  ] as const) {
    assert.equal((await call(`${api}${path}`, { method })).status, 401, `${method} ${path}`);
  }
});
