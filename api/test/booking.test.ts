// The booking branch's api: provider offers and the §5 fee cases the seed carries, and a taken slot
// answering 409.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, boot, call, signIn, type Session } from './helpers.js';

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
after(async () => { await srv.close(); });

interface P { uuid: string; firstname: string; offer: unknown; online_offering: { minimum_fee: number } | null; offline_offering: { minimum_fee: number } | null }
const byName = async (name: string) => ((await call<{ data: P[] }>(`${api}/providers?per_page=50`)).body.data.find((p) => p.firstname === name))!;

describe('provider offers and fee cases', () => {
  test('offers: an amount with its currency, a percentage, or null', async () => {
    assert.deepEqual((await byName('Neha')).offer, { discount_amount: { value: 300, currency: 'INR' }, discount_amount_currency: 'INR', discount_percentage: null });
    assert.deepEqual((await byName('Liam')).offer, { discount_amount: null, discount_amount_currency: null, discount_percentage: 15 });
    assert.equal((await byName('Ananya')).offer, null);
    const d = await call(`${api}/providers/${(await byName('Neha')).uuid}`);
    assert.equal(d.body.data.offer.discount_amount.value, 300);
  });
  test('offline only, zero fee and offline-lower providers are listed', async () => {
    const isha = await byName('Isha');
    assert.equal(isha.online_offering, null);
    assert.equal(isha.offline_offering?.minimum_fee, 1400);
    assert.equal((await byName('Zoya')).online_offering?.minimum_fee, 0);
    const tara = await byName('Tara');
    assert.ok(tara.offline_offering!.minimum_fee < tara.online_offering!.minimum_fee);
  });
});

describe('a taken slot', () => {
  test('the second patient asking for the same slot gets 409 and the slot leaves the list', async () => {
    const rahul = await byName('Rahul');
    const dates = await call(`${api}/providers/${rahul.uuid}/schedule_dates?timezone=America/New_York`);
    const date = dates.body.data.dates[1].date as string;
    const slots = await call(`${api}/providers/${rahul.uuid}/slots?date=${date}&timezone=America/New_York`);
    const start = slots.body.data.slots[0].start_time as string;
    const body = { provider_uuid: rahul.uuid, start_time: start, mode: 'online' };
    const [a, b] = await Promise.all([
      as(patient, `${api}/bookings`, { method: 'POST', body }),
      as(intl, `${api}/bookings`, { method: 'POST', body }),
    ]);
    assert.deepEqual([a.status, b.status].sort(), [201, 409]);
    const after = await call(`${api}/providers/${rahul.uuid}/slots?date=${date}&timezone=America/New_York`);
    assert.ok(!after.body.data.slots.some((s: { start_time: string }) => s.start_time === start));
  });
});
