// The attribution run time against recorders of the realtime database: when a record is marked consumed
// and when it is overwritten with organic data.
import { eventBus } from '../../events/event-bus';
import { buildAttributionRecord, markConsumed, queryFromSearch } from '../../rules/attribution-rules';
import { havenStore } from '../../state/store';
import type { AttributionRecord, AuthUser } from '../../state/types';
import { AD_USER_PARAMS_KEY } from '../growth-storage';
import { startAttribution, syncAttribution } from './attribution-sync';

const remote = new Map<string, unknown>();
const writes: Array<[string, unknown]> = [];
jest.mock('../../realtime/realtime-client', () => ({
  readOnce: jest.fn(async (path: string) => remote.get(path) ?? null),
  write: jest.fn(async (path: string, value: unknown) => {
    writes.push([path, value]);
    remote.set(path, value);
  }),
  subscribe: jest.fn(() => () => undefined),
}));

const DAY = 24 * 60 * 60 * 1000;
const user = { id: 7, uuid: 'u-7', firebaseid: 'fb-7', email: 'asha@example.com' } as AuthUser;
const stored = () => JSON.parse(localStorage.getItem(AD_USER_PARAMS_KEY) ?? 'null') as AttributionRecord | null;
const campaign = (ageMs: number) =>
  buildAttributionRecord(queryFromSearch('?utm_source=google&utm_medium=cpc&utm_campaign=spring'), Date.now() - ageMs);

beforeEach(() => {
  localStorage.clear();
  remote.clear();
  writes.length = 0;
  havenStore.getState().auth.reset();
});

test('a booking marks the active record consumed, here and in attribution/{userId}', async () => {
  const stop = startAttribution('?utm_source=google&utm_medium=cpc&utm_campaign=spring');
  expect(stored()?.is_consumed).toBe(false);
  havenStore.getState().auth.update({ user });
  eventBus.emit('booking:booked', { booking_uuid: 'b-1', provider_uuid: 'p-1', paid_with: 'payment' });
  await new Promise((resolve) => setTimeout(resolve, 0));
  stop();
  expect(stored()).toMatchObject({ is_consumed: true, utm_data: { utm_campaign: 'spring' } });
  expect(writes).toEqual([['attribution/7', stored()]]);
});

test('a booking while signed out consumes nothing (the record waits for its owner)', async () => {
  const stop = startAttribution('?utm_source=google&utm_medium=cpc');
  eventBus.emit('booking:booked', { booking_uuid: 'b-1', provider_uuid: 'p-1', paid_with: 'payment' });
  await new Promise((resolve) => setTimeout(resolve, 0));
  stop();
  expect(stored()?.is_consumed).toBe(false);
  expect(writes).toEqual([]);
});

test('sign-in on a visit without parameters writes no attribution, even over a lapsed campaign record', async () => {
  localStorage.setItem(AD_USER_PARAMS_KEY, JSON.stringify(markConsumed(campaign(DAY))));
  remote.set('attribution/7', markConsumed(campaign(DAY)));
  const before = stored();
  await syncAttribution(user, Date.now());
  expect(stored()).toEqual(before);
  expect(writes.filter(([path]) => path.startsWith('attribution/'))).toEqual([]);
});

test('sign-in with an active record keeps it and writes it to the missing remote one', async () => {
  localStorage.setItem(AD_USER_PARAMS_KEY, JSON.stringify(campaign(DAY)));
  await syncAttribution(user, Date.now());
  expect(stored()).toMatchObject({ is_consumed: false, utm_data: { utm_campaign: 'spring' } });
  expect(remote.get('attribution/7')).toEqual(stored());
});
