// Plan visibility: the visibility answer carries the plan, and the api refuses what a plan
// excludes (403 not_in_plan) for bookings and holds, in-clinic cities, waitlists and provider switch.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, serverPerFile, call, signIn, type Session, type TestServer } from './helpers.js';
import type { PlanFacts } from '@haven/rules';
import { planFacts, type OrganisationPlan } from '../src/providers/plan-visibility.js';

let srv: TestServer;
let api: string;
let lumen: Session;
let patient: Session;
const server = serverPerFile();
before(async () => {
  srv = await server();
  api = srv.api;
  lumen = await signIn(api, 'employee@lumen.test');
  patient = await signIn(api, 'patient@haven.test');
});

const providerNamed = async (first: string) => {
  const list = (await call<{ data: Array<{ uuid: string; firstname: string }> }>(`${api}/providers?per_page=50`)).body.data;
  return list.find((p) => p.firstname === first)!.uuid;
};
/** The n-th free start time of a provider (Asia/Kolkata dates). */
const freeSlot = async (uuid: string, n = 0) => {
  const dates = (await call(`${api}/providers/${uuid}/schedule_dates`)).body.data.dates as Array<{ date: string }>;
  const slots = (await call(`${api}/providers/${uuid}/slots?date=${dates[1]!.date}`)).body.data.slots as Array<{ start_time: string }>;
  return slots[n]!.start_time;
};
const centreIn = async (code: string, name: string) => {
  const clinics = (await call(`${api}/customers/ih_clinics`)).body.data as Array<{
    code: string;
    centres: Array<{ id: number; centre_name: string }>;
  }>;
  return clinics.find((c) => c.code === code)!.centres.find((c) => c.centre_name === name)!.id;
};
const refused = (r: { status: number; body: Record<string, unknown> }, text: RegExp) => {
  assert.equal(r.status, 403, JSON.stringify(r.body));
  assert.equal(r.body.code, 'not_in_plan');
  assert.match(String(r.body.message), text);
};

describe('plan visibility in booking', () => {
  test('the visibility answer names the plan: an employee on 2b2 without psychiatry; a self-paying patient on none', async () => {
    const v = (await as(lumen, `${api}/customers/app_visibility_v2`)).body;
    assert.deepEqual(
      [v.is_psychiatry_offered, v.is_therapy_offered, v.is_therapy_offered_offline, v.is_org_plan, v.plan_code],
      [false, true, true, true, '2b2'],
    );
    const p = (await as(patient, `${api}/customers/app_visibility_v2`)).body;
    assert.deepEqual([p.is_org_plan, p.plan_code], [false, null]);
  });

  test('a psychiatrist is refused to a plan without psychiatry (online and in clinic); the same slot books for a self-paying patient', async () => {
    const vikram = await providerNamed('Vikram');
    const start = await freeSlot(vikram);
    refused(
      await as(lumen, `${api}/bookings`, { body: { provider_uuid: vikram, start_time: start, mode: 'online' } }),
      /^Psychiatry is not part of your plan\.$/,
    );
    refused(
      await as(lumen, `${api}/bookings`, {
        body: { provider_uuid: vikram, start_time: start, mode: 'offline', clinic_centre_id: await centreIn('blr', 'Koramangala') },
      }),
      /Psychiatry in a clinic/,
    );
    const ok = await as(patient, `${api}/bookings`, { body: { provider_uuid: vikram, start_time: start, mode: 'online' } });
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
  });

  test("in clinic only in the plan's cities (2b2: Bengaluru and Mumbai, not Delhi); couples only online", async () => {
    const tara = await providerNamed('Tara'); // sees people at Saket, Delhi
    refused(
      await as(lumen, `${api}/bookings`, {
        body: { provider_uuid: tara, start_time: await freeSlot(tara), mode: 'offline', clinic_centre_id: await centreIn('del', 'Saket') },
      }),
      /^Sessions in a clinic in Delhi NCR are not part of your plan\.$/,
    );
    const ananya = await providerNamed('Ananya'); // Bandra (Mumbai) and Indiranagar (Bengaluru)
    const inBlr = await as(lumen, `${api}/bookings`, {
      body: {
        provider_uuid: ananya,
        start_time: await freeSlot(ananya, 2),
        mode: 'offline',
        clinic_centre_id: await centreIn('blr', 'Indiranagar'),
      },
    });
    assert.equal(inBlr.status, 201, JSON.stringify(inBlr.body));
    const kabir = await providerNamed('Kabir');
    refused(
      await as(lumen, `${api}/bookings`, {
        body: {
          provider_uuid: kabir,
          start_time: await freeSlot(kabir),
          mode: 'offline',
          session_type: 'couple',
          clinic_centre_id: await centreIn('mum', 'Andheri'),
        },
      }),
      /^Couples therapy in a clinic/,
    );
    const online = await as(lumen, `${api}/bookings`, {
      body: { provider_uuid: kabir, start_time: await freeSlot(kabir, 1), mode: 'online', session_type: 'couple' },
    });
    assert.equal(online.status, 201, JSON.stringify(online.body));
  });

  test('waitlists and provider switch refuse psychiatry too', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    refused(
      await as(lumen, `${api}/customers/waitlists`, { body: { role: 'psychiatrist', from_date: today, to_date: later } }),
      /Psychiatry/,
    );
    refused(
      await as(lumen, `${api}/customers/waitlists`, {
        body: { provider_uuid: await providerNamed('Meera'), from_date: today, to_date: later },
      }),
      /Psychiatry/,
    );
    refused(
      await as(lumen, `${api}/customers/provider_switch`, {
        body: { provider_id: await providerNamed('Meera'), provider_type: 'psychiatrist' },
      }),
      /Psychiatry/,
    );
    const toTherapist = await as(lumen, `${api}/customers/provider_switch`, {
      body: { provider_id: await providerNamed('Rahul'), provider_type: 'therapist' },
    });
    assert.equal(toTherapist.status, 200, JSON.stringify(toTherapist.body));
  });
});

describe('plan facts from the organisation row (what the plan rule reads)', () => {
  const defaults = {
    isTherapyOffered: true,
    isPsychiatryOffered: true,
    isCoupleTherapyOffered: true,
    isTherapyOfferedOffline: false,
    isPsychiatryOfferedOffline: false,
    isCoupleTherapyOfferedOffline: false,
  };
  const cases: Array<[string, OrganisationPlan | undefined, PlanFacts]> = [
    ['no organisation: self-paying, on no plan, the default flags', undefined, { isOrgPlan: false, planCode: null, ...defaults }],
    [
      'an organisation without flags or code: on a plan, the default flags',
      { visibility: {}, max_member_count: 0, plan_code: null },
      { isOrgPlan: true, planCode: null, ...defaults },
    ],
    [
      'a null visibility reads as no flags',
      { visibility: null, max_member_count: 0, plan_code: '2a' },
      { isOrgPlan: true, planCode: '2a', ...defaults },
    ],
    [
      'its flags over the defaults; a null flag is the default one',
      {
        visibility: { is_psychiatry_offered: false, is_therapy_offered_offline: true, is_couple_therapy_offered: null },
        max_member_count: 3,
        plan_code: '2b2',
      },
      { isOrgPlan: true, planCode: '2b2', ...defaults, isPsychiatryOffered: false, isTherapyOfferedOffline: true },
    ],
    [
      'an unknown plan code is none',
      { visibility: {}, max_member_count: 0, plan_code: '9z' },
      { isOrgPlan: true, planCode: null, ...defaults },
    ],
  ];
  for (const [name, org, expected] of cases) test(name, () => assert.deepEqual(planFacts(org), expected));
});
