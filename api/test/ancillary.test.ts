// The ancillary assessment flow: the providers offering one (as far as the plan allows), booked
// through POST /bookings as session_type 'ancillary_assessment' at its own fee and length; a second user gets 404.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, serverPerFile, call, signIn, type Session, type TestServer } from './helpers.js';
import { assertClientError } from './assert-helpers.js';

let srv: TestServer;
let api: string;
let patient: Session;
let stranger: Session;
let lumen: Session;
const server = serverPerFile();
before(async () => {
  srv = await server();
  api = srv.api;
  patient = await signIn(api, 'patient@haven.test');
  stranger = await signIn(api, 'intl@haven.test');
  lumen = await signIn(api, 'employee@lumen.test');
});

type Assessment = {
  provider: { uuid: string; firstname: string };
  name: string;
  duration_minutes: number;
  online_fee: number | null;
  offline_fee: number | null;
  fee_text: string | null;
  modes: string[];
};
const list = async (s: Session) => (await as<{ data: Assessment[] }>(s, `${api}/ancillary_assessments`)).body.data;
const freeSlot = async (uuid: string, n = 0) => {
  const dates = (await call(`${api}/providers/${uuid}/schedule_dates`)).body.data.dates as Array<{ date: string }>;
  const slots = (await call(`${api}/providers/${uuid}/slots?date=${dates[2]!.date}`)).body.data.slots as Array<{ start_time: string }>;
  return slots[n]!.start_time;
};

describe('ancillary assessments', () => {
  test('listed with their fee by the rule and length; a plan without psychiatry does not list the psychiatric one', async () => {
    assert.equal((await call(`${api}/ancillary_assessments`)).status, 401);
    const all = await list(patient);
    assert.deepEqual(
      all.map((a) => [a.provider.firstname, a.name, a.duration_minutes, a.fee_text, a.modes]),
      [
        ['Ananya', 'Psychological assessment', 60, '₹4,500', ['online', 'offline']],
        ['Vikram', 'ADHD assessment', 60, '₹3,500', ['online']],
      ],
    );
    assert.deepEqual(
      (await list(lumen)).map((a) => a.provider.firstname),
      ['Ananya'],
    );
  });

  test('booked as its own session type at the assessment fee and length; only its owner sees it', async () => {
    const ananya = (await list(patient))[0]!;
    const start = await freeSlot(ananya.provider.uuid);
    assertClientError(
      await as(patient, `${api}/bookings`, {
        body: {
          provider_uuid: ananya.provider.uuid,
          start_time: start,
          mode: 'online',
          session_type: 'ancillary_assessment',
          duration_minutes: 50,
        },
      }),
      422,
      'assessment',
    );
    const made = await as(patient, `${api}/bookings`, {
      body: { provider_uuid: ananya.provider.uuid, start_time: start, mode: 'online', session_type: 'ancillary_assessment' },
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const b = made.body.data;
    assert.deepEqual([b.session_type, b.fee, b.duration_minutes, b.status], ['ancillary_assessment', 4500, 60, 'pending']);
    assert.equal(new Date(b.end_time).getTime() - new Date(b.start_time).getTime(), 60 * 60_000);
    assert.equal((await as(patient, `${api}/bookings/${b.uuid}`)).status, 200);
    assertClientError(await as(stranger, `${api}/bookings/${b.uuid}`), 404);
    assertClientError(await as(stranger, `${api}/bookings/${b.uuid}/cancel`, { method: 'POST', body: { reason: 'other' } }), 404);
  });

  test('refused for a provider without one, a mode it is not offered in, and outside the plan', async () => {
    const [ananya, vikram] = await list(patient);
    const rahul = (await call<{ data: Array<{ uuid: string; firstname: string }> }>(`${api}/providers?per_page=50`)).body.data.find(
      (p) => p.firstname === 'Rahul',
    )!;
    assertClientError(
      await as(patient, `${api}/bookings`, {
        body: { provider_uuid: rahul.uuid, start_time: await freeSlot(rahul.uuid), mode: 'online', session_type: 'ancillary_assessment' },
      }),
      422,
      'ancillary assessment',
    );
    assertClientError(
      await as(patient, `${api}/bookings`, {
        body: {
          provider_uuid: vikram!.provider.uuid,
          start_time: await freeSlot(vikram!.provider.uuid),
          mode: 'offline',
          clinic_centre_id: 1,
          session_type: 'ancillary_assessment',
        },
      }),
      422,
    );
    const refused = await as(lumen, `${api}/bookings`, {
      body: {
        provider_uuid: vikram!.provider.uuid,
        start_time: await freeSlot(vikram!.provider.uuid, 1),
        mode: 'online',
        session_type: 'ancillary_assessment',
      },
    });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.code, 'not_in_plan');
    assert.ok(ananya);
  });
});
