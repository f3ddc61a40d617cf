// Helpers of the money tests: a demo provider by first name, a free start, booking, paying, and a new
// profile of an account acting with the parent's credentials and the profile's token.
import assert from 'node:assert/strict';
import { as, call, type Session } from './helpers.js';

export interface P {
  uuid: string;
  firstname: string;
}

export function moneyHelpers(api: () => string) {
  const byName = async (name: string) =>
    (await call<{ data: P[] }>(`${api()}/providers?per_page=50`)).body.data.find((p) => p.firstname === name)!;
  /** Each call takes the next free start of the provider, from its `fromDay`th bookable day on. */
  const nextStart = new Map<string, string[]>();
  async function freeStart(p: P, fromDay = 2): Promise<string> {
    const key = `${p.uuid}:${fromDay}`;
    if (!nextStart.get(key)?.length) {
      const dates = (await call(`${api()}/providers/${p.uuid}/schedule_dates?timezone=Asia/Kolkata`)).body.data.dates as { date: string }[];
      const starts: string[] = [];
      for (const d of dates.slice(fromDay, fromDay + 3))
        starts.push(
          ...(
            (await call(`${api()}/providers/${p.uuid}/slots?date=${d.date}&timezone=Asia/Kolkata`)).body.data.slots as {
              start_time: string;
            }[]
          ).map((s) => s.start_time),
        );
      nextStart.set(key, starts);
    }
    const s = nextStart.get(key)!.shift();
    assert.ok(s, `no free start of ${p.firstname}`);
    return s;
  }
  async function book(
    who: Session,
    p: P,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ): Promise<{ uuid: string; fee: number; currency: string; start_time: string; status: string }> {
    const r = await as(who, `${api()}/bookings`, {
      body: { provider_uuid: p.uuid, start_time: await freeStart(p), mode: 'online', ...extra },
      headers,
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body.data;
  }
  /** Opens the checkout (with a coupon), then settles it through the simulated gateway when it opened. */
  async function pay(who: Session, uuid: string, coupon?: string) {
    const t = await as(who, `${api()}/payments/temporary_transaction`, {
      body: { booking_uuid: uuid, ...(coupon ? { coupon_code: coupon } : {}) },
    });
    if (t.status !== 201) return t;
    return as(who, `${api()}/payments/${t.body.data.transaction_id}/simulate`, { body: { outcome: 'success' } });
  }
  async function addProfile(parent: Session, name: string): Promise<Session & { uuid: string }> {
    const kid = await as(parent, `${api()}/customers/profiles`, { body: { first_name: name, kind: 'profile' } });
    assert.equal(kid.status, 200, JSON.stringify(kid.body));
    const token = (await as(parent, `${api()}/customers/profiles/${kid.body.data.uuid}/session`, { method: 'POST' })).headers.get(
      'secondary-profile-access-token',
    );
    assert.ok(token);
    return {
      uuid: kid.body.data.uuid as string,
      user: kid.body.data,
      get headers() {
        return { ...parent.headers, 'secondary-profile-access-token': token };
      },
      set headers(h: Record<string, string>) {
        parent.headers = h;
      },
    };
  }
  const deleteProfile = (parent: Session, uuid: string) => as(parent, `${api()}/customers/profiles/${uuid}`, { method: 'DELETE' });
  return { byName, freeStart, book, pay, addProfile, deleteProfile };
}
