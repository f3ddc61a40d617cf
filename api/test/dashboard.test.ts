// The dashboard's own flags (src/routes/dashboard.ts).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, boot, call, signIn, type Session } from './helpers.js';

let api: string;
let close: () => Promise<void>;
let fresh: Session;
let patient: Session;

before(async () => {
  const s = await boot();
  api = s.api;
  close = s.close;
  fresh = await signIn(api, 'newpatient@haven.test');
  patient = await signIn(api, 'patient@haven.test');
});
after(async () => close());

describe('dashboard modals', () => {
  test('a first-time user sees the first-step modal until it is recorded, for that user only', async () => {
    assert.deepEqual((await as(fresh, `${api}/customers/dashboard_modals`)).body, { first_step_modal: true });
    assert.deepEqual((await as(patient, `${api}/customers/dashboard_modals`)).body, { first_step_modal: false }, 'not a first-time user');

    assert.deepEqual((await as(patient, `${api}/customers/dashboard_modals/first_step_modal`, { method: 'PUT' })).body, {
      first_step_modal: false,
    });
    assert.deepEqual(
      (await as(fresh, `${api}/customers/dashboard_modals`)).body,
      { first_step_modal: true },
      "another user's mark does not clear it",
    );

    assert.equal((await as(fresh, `${api}/customers/dashboard_modals/first_step_modal`, { method: 'PUT' })).status, 200);
    assert.deepEqual((await as(fresh, `${api}/customers/dashboard_modals`)).body, { first_step_modal: false });
  });

  test('needs credentials', async () => {
    assert.equal((await call(`${api}/customers/dashboard_modals`)).status, 401);
    assert.equal((await call(`${api}/customers/dashboard_modals/first_step_modal`, { method: 'PUT' })).status, 401);
  });
});

describe('journal edit', () => {
  test('the author edits an entry; another user cannot edit or delete it (404)', async () => {
    const made = await as(patient, `${api}/journal_entries`, { body: { title: 'Monday', body: 'Slept badly.', mood: 'low' } });
    assert.equal(made.status, 201);
    const uuid = made.body.data.uuid as string;

    const edited = await as(patient, `${api}/journal_entries/${uuid}`, {
      method: 'PUT',
      body: { title: 'Monday', body: 'Slept badly, better by noon.', mood: 'okay' },
    });
    assert.equal(edited.status, 200);
    assert.deepEqual({ body: edited.body.data.body, mood: edited.body.data.mood }, { body: 'Slept badly, better by noon.', mood: 'okay' });

    assert.equal((await as(fresh, `${api}/journal_entries/${uuid}`, { method: 'PUT', body: { title: 'x', body: 'y' } })).status, 404);
    assert.equal((await as(fresh, `${api}/journal_entries/${uuid}`, { method: 'DELETE' })).status, 404);
    const list = await as(patient, `${api}/journal_entries`);
    assert.equal(list.body.data.find((e: { uuid: string }) => e.uuid === uuid)?.body, 'Slept badly, better by noon.');

    assert.equal((await as(patient, `${api}/journal_entries/${uuid}`, { method: 'PUT', body: { title: '', body: 'y' } })).status, 400);
  });
});
