// A few accounts must not hold a provider's whole day: one account (the parent and its profiles) holds
// at most MAX_HOLDS_PER_PROVIDER_DAY times of one provider's day at once, free or priced, on top of its
// unpaid holds overall; and a hold lasts minutes. (The burst on PostgreSQL with two api processes:
// test-cluster/slot-holds.test.ts.)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_HOLDS_PER_PROVIDER_DAY, PAYMENT_HOLD_MINUTES } from '../src/config/booking.js';

// The limits as deployed (helpers.ts lifts them for the older suites).
process.env.HAVEN_MAX_PROVIDER_DAY_HOLDS = String(MAX_HOLDS_PER_PROVIDER_DAY);
const { as, boot, call, signIn } = await import('./helpers.js');
type Session = Awaited<ReturnType<typeof signIn>>;

let srv: Awaited<ReturnType<typeof boot>>;
let api: string;
let patient: Session;
let intl: Session;
before(async () => {
  srv = await boot();
  api = srv.api;
  patient = await signIn(api, 'patient@haven.test');
  intl = await signIn(api, 'intl@haven.test');
});
after(async () => {
  await srv.close();
});

const providerNamed = async (name: string) =>
  (await call<{ data: { uuid: string; firstname: string }[] }>(`${api}/providers?per_page=50`)).body.data.find((p) => p.firstname === name)!
    .uuid;
async function slotsOn(provider: string, day: number): Promise<string[]> {
  const dates = await call(`${api}/providers/${provider}/schedule_dates?timezone=Asia/Kolkata`);
  const r = await call(`${api}/providers/${provider}/slots?date=${dates.body.data.dates[day].date}&timezone=Asia/Kolkata`);
  return (r.body.data.slots as { start_time: string }[]).map((s) => s.start_time);
}
const hold = (who: Session, provider: string, start: string, headers: Record<string, string> = {}) =>
  as(who, `${api}/bookings`, { body: { provider_uuid: provider, start_time: start, mode: 'online' }, headers });

test("one account holds one time of a provider's day: a second time that day is refused, from a profile too", async () => {
  const rahul = await providerNamed('Rahul');
  const day = await slotsOn(rahul, 4);
  assert.ok(day.length >= 4, `Rahul has free times on that day: ${day.length}`);
  const first = await hold(patient, rahul, day[0]!);
  assert.equal(first.status, 201, JSON.stringify(first.body));
  // Short: the hold ends within the payment hold's minutes.
  const until = Date.parse(first.body.data.hold_until as string);
  assert.ok(until - Date.now() <= PAYMENT_HOLD_MINUTES * 60_000 + 5_000, first.body.data.hold_until);

  const second = await hold(patient, rahul, day[1]!);
  assert.equal(second.status, 409, JSON.stringify(second.body));
  assert.equal(second.body.code, 'provider_day_hold_limit');
  // A profile of the same account is the same account.
  const profiles = (await as(patient, `${api}/customers/profiles`)).body.data as { uuid: string; parent_user_id?: unknown }[];
  const aarav = profiles[1]!;
  const token = (await as(patient, `${api}/customers/profiles/${aarav.uuid}/session`, { method: 'POST' })).headers.get(
    'secondary-profile-access-token',
  )!;
  // The parent consents for the profile first: a child's booking waits for that (consent-party.test.ts).
  for (const consent of ['mark_tnc_and_privacy', 'mark_guardian_consent']) {
    const given = await as(patient, `${api}/customers/${consent}`, {
      method: 'POST',
      headers: { 'secondary-profile-access-token': token },
    });
    assert.ok(given.status === 200 || given.status === 409, `${consent}: ${given.status} ${JSON.stringify(given.body)}`);
  }
  const fromProfile = await hold(patient, rahul, day[2]!, { 'secondary-profile-access-token': token });
  assert.equal(fromProfile.status, 409, JSON.stringify(fromProfile.body));
  assert.equal(fromProfile.body.code, 'provider_day_hold_limit');

  // Another account holds its own time that day; another day of the same provider is free to hold.
  assert.equal((await hold(intl, rahul, day[3]!)).status, 201);
  const nextDay = await slotsOn(rahul, 5);
  assert.equal((await hold(patient, rahul, nextDay[0]!)).status, 201);
  // The slots list shows the other free times of the day still free for the next patient.
  assert.deepEqual(
    (await slotsOn(rahul, 4)).filter((s) => [day[1], day[2]].includes(s)),
    [day[1], day[2]],
  );
});
