// The assessment risk rule on the api: a PHQ-9 item 9 answer above 0 is stored as a risk flag with the
// response and answered with it; the patient sees it on their own result, the provider of the patient's
// session sees it in their room view, and no one else (a second patient, another patient's provider).
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, serverPerFile, call, signIn, type Session, type TestServer } from './helpers.js';

let srv: TestServer;
let api: string;
let patient: Session;
let stranger: Session;
const server = serverPerFile();
before(async () => {
  srv = await server();
  api = srv.api;
  patient = await signIn(api, 'patient@haven.test');
  stranger = await signIn(api, 'intl@haven.test');
});

const phq9 = (item9: number, rest = 0) => ({
  answers: Array.from({ length: 9 }, (_, i) => ({ question_id: `q${i + 1}`, value: i === 8 ? item9 : rest })),
});
const ITEM9_FLAG = {
  slug: 'phq-9',
  question_id: 'q9',
  value: 3,
  reason: 'PHQ-9 item 9: thoughts of being better off dead or of self-harm',
};

async function liveSession(email: string) {
  const r = await call(`${api}/dev/session_room`, { body: { email } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.data as { uuid: string; room_token: string };
}
const providerView = async (s: { uuid: string; room_token: string }) => {
  const r = await call(`${api}/session_room/${s.uuid}/join`, { body: { room_token: s.room_token } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.data.role, 'provider');
  return r.body.data.patient_risk;
};

test('PHQ-9 item 9 "Nearly every day" with every other item 0 (score 3, minimal) is a risk answer, stored and answered', async () => {
  const r = await as(patient, `${api}/assessments/phq-9/responses`, { body: phq9(3) });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.equal(r.body.data.score, 3);
  assert.equal(r.body.data.severity, 'minimal');
  assert.deepEqual(r.body.data.risk_flags, [ITEM9_FLAG]);
  // The patient's own result keeps the flag (the page shows crisis help before the score on every visit).
  const mine = await as(patient, `${api}/assessments/phq-9`);
  assert.deepEqual(mine.body.data.latest_result.risk_flags, [ITEM9_FLAG]);
});

test('no risk answer: item 9 "Not at all" (even with every other item at most), and a severe GAD-7', async () => {
  const phq = await as(stranger, `${api}/assessments/phq-9/responses`, { body: phq9(0, 3) });
  assert.equal(phq.status, 201);
  assert.equal(phq.body.data.severity, 'severe'); // score 24: prompt treatment, not crisis help, in the PHQ-9's guidance
  assert.deepEqual(phq.body.data.risk_flags, []);
  const gad = await as(stranger, `${api}/assessments/gad-7/responses`, {
    body: { answers: Array.from({ length: 7 }, (_, i) => ({ question_id: `q${i + 1}`, value: 3 })) },
  });
  assert.equal(gad.status, 201);
  assert.deepEqual(gad.body.data.risk_flags, []);
});

test("the patient's provider sees the flag in their room view; the patient's own room view, a second patient and another patient's provider do not", async () => {
  await as(patient, `${api}/assessments/phq-9/responses`, { body: phq9(3) });
  const s = await liveSession('patient@haven.test');
  const risk = await providerView(s);
  assert.equal(risk.assessment, 'phq-9');
  assert.equal(risk.title, 'Depression check (PHQ-9)');
  assert.deepEqual(risk.flags, [ITEM9_FLAG]);
  assert.ok(Date.now() - Date.parse(risk.answered_at) < 60_000);

  const asPatient = await as(patient, `${api}/session_room/${s.uuid}/join`, { body: {} });
  assert.equal(asPatient.status, 200);
  assert.equal('patient_risk' in asPatient.body.data, false, 'the room view of the patient carries no flag');

  // A second patient: their own result is theirs (no flag of the first), and their provider sees nothing of the first.
  const strangerResult = await as(stranger, `${api}/assessments/phq-9`);
  assert.deepEqual(strangerResult.body.data.latest_result.risk_flags, []);
  assert.equal(await providerView(await liveSession('intl@haven.test')), null, "another patient's provider");
  // The first patient's room with the second patient's credentials: refused, nothing of the flag.
  const refused = await as(stranger, `${api}/session_room/${s.uuid}/join`, { body: {} });
  assert.equal(refused.status, 404);
  assert.equal(JSON.stringify(refused.body).includes('phq-9'), false);
});

test('the location answer places a device in every country of the crisis helpline table by its time zone', async () => {
  const zones: [string, string][] = [
    ['Asia/Kolkata', 'IN'],
    ['America/New_York', 'US'],
    ['Europe/London', 'GB'],
    ['Asia/Dubai', 'AE'],
    ['America/Toronto', 'CA'],
    ['America/Vancouver', 'CA'],
    ['Australia/Sydney', 'AU'],
    ['Australia/Perth', 'AU'],
    ['Asia/Singapore', 'SG'],
    ['Europe/Dublin', 'IE'],
    ['Pacific/Auckland', 'NZ'],
  ];
  for (const [zone, country] of zones) {
    const r = await call(`${api}/customers/user_location?system_timezone=${encodeURIComponent(zone)}`);
    assert.equal(r.body.location.country, country, zone);
  }
});
