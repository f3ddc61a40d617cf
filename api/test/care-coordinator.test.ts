// The care-coordinator flow: write to a care coordinator, acknowledged in the app and by
// e-mail; only care coordinators; another account gets 404; rate-limited.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, call, type Session, signIn, waitForOutbox, withPatientAndStranger } from './helpers.js';
import { assertClientError } from './assert-helpers.js';

let api: string;
let patient: Session;
let stranger: Session;
withPatientAndStranger((w) => ({ api, patient, stranger } = w));

const coordinator = async () =>
  (await as(patient, `${api}/providers/dropdown_v2?provider_type=care-coordinator&include_support_providers=true`)).body.data[0] as {
    uuid: string;
    firstname: string;
    lastname: string;
  };
const write = (who: Session, body: Record<string, unknown>) =>
  as(who, `${api}/customers/care_coordinator_requests`, {
    body: { topic: 'finding_care', contact_by: 'call', message: 'Please help me choose', ...body },
  });

describe('care coordinator', () => {
  test('a message to a care coordinator: stored, acknowledged in the app and by e-mail; 404 for another account', async () => {
    const c = await coordinator();
    assert.ok(c, 'a care coordinator is seeded');
    const r = await write(patient, { provider_uuid: c.uuid, message: '  I do not know whom to see  ' });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.deepEqual([r.body.data.message, r.body.data.status, r.body.data.provider.uuid], ['I do not know whom to see', 'open', c.uuid]);
    const name = `${c.firstname} ${c.lastname}`;
    const mail = (await waitForOutbox(api, 'patient@haven.test', 'email')).body.data.find(
      (m: { subject: string }) => m.subject === `Your message to ${name}`,
    );
    assert.ok(mail, 'acknowledged by e-mail');
    assert.ok((await as(patient, `${api}/customers/notifications`)).body.data.some((n: { kind: string }) => n.kind === 'care_coordinator'));
    assert.equal((await as(patient, `${api}/customers/care_coordinator_requests/${r.body.data.uuid}`)).body.data.uuid, r.body.data.uuid);
    assertClientError(await as(stranger, `${api}/customers/care_coordinator_requests/${r.body.data.uuid}`), 404);
    assert.ok(
      !(await as(stranger, `${api}/customers/care_coordinator_requests`)).body.data.some(
        (x: { uuid: string }) => x.uuid === r.body.data.uuid,
      ),
    );
  });

  test('only care coordinators; an empty message is refused', async () => {
    const therapist = (await call(`${api}/providers?role=therapist`)).body.data[0] as { uuid: string };
    assertClientError(await write(patient, { provider_uuid: therapist.uuid }), 422, 'not a care coordinator');
    assertClientError(await write(patient, { provider_uuid: (await coordinator()).uuid, message: '   ' }), 422, 'Write a message');
  });

  test('rate-limited per account: 429 with Retry-After', async () => {
    const who = await signIn(api, 'employee@globex.test');
    const c = await coordinator();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await write(who, { provider_uuid: c.uuid, message: `note ${i}` })).status);
    assert.deepEqual(statuses, [...Array(5).fill(201), 429]);
  });
});
