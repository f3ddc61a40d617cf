// Growth (src/routes/growth.ts, telemetry sink in src/routes/dev.ts): the GrowthBook-compatible
// features payload, and the telemetry sink's rate limit and bounds.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { boot, call } from './helpers.js';
import { assertClientError } from './assert-helpers.js';
import { GROWTHBOOK_CLIENT_KEY } from '../src/routes/growth.js';
import { TELEMETRY_MAX_PROPERTIES_BYTES } from '../src/analytics/index.js';

let api: string;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof boot>>['db'];

// Stage development: the per-address limits are the real ones (test stage multiplies them).
before(async () => {
  const s = await boot({ stage: 'development' });
  api = s.api;
  close = s.close;
  db = s.db;
});
after(async () => close());

describe('GrowthBook features endpoint', () => {
  test('answers every row of the flags table as a boolean feature, in the shape the SDK reads', async () => {
    const r = await call(`${api}/growthbook/api/features/${GROWTHBOOK_CLIENT_KEY}`);
    assert.equal(r.status, 200);
    assert.equal(r.body.status, 200);
    assert.deepEqual(r.body.features.public_show_coupon_code_on_customer_listing, { defaultValue: true });
    assert.deepEqual(r.body.features.new_booking_flow, { defaultValue: false });
    const list = await call(`${api}/feature_flags`);
    assert.deepEqual(
      Object.keys(r.body.features).sort(),
      list.body.features.map((f: { name: string }) => f.name).sort(),
      'the same rows as the feature-flag list',
    );
    assert.ok(!Number.isNaN(Date.parse(r.body.dateUpdated)));
  });
  test('an unknown client key is 404', async () => {
    assert.equal((await call(`${api}/growthbook/api/features/sdk-someone-else`)).status, 404);
  });
});

describe('telemetry sink bounds', () => {
  test('an event whose properties exceed the bound is refused and nothing of the batch is stored', async () => {
    const marker = `big-${Date.now()}`;
    const r = await call(`${api}/telemetry/events`, {
      body: {
        events: [
          { name: 'ok', anonymous_id: marker },
          { name: 'big', anonymous_id: marker, properties: { blob: 'x'.repeat(TELEMETRY_MAX_PROPERTIES_BYTES) } },
        ],
      },
    });
    assertClientError(r, 400, 'properties');
    assert.deepEqual((await call(`${api}/telemetry/events?anonymous_id=${marker}`)).body.data, []);
  });
  test('events are read back by anonymous id', async () => {
    const marker = `anon-${Date.now()}`;
    assert.equal(
      (
        await call(`${api}/telemetry/events`, {
          body: { events: [{ name: 'page_view', anonymous_id: marker, properties: { current_page: 'http://x/' } }] },
        })
      ).status,
      202,
    );
    const got = await call(`${api}/telemetry/events?anonymous_id=${marker}`);
    assert.deepEqual(
      got.body.data.map((e: { name: string }) => e.name),
      ['page_view'],
    );
  });
  test('ids are 64-bit: the column and its sequence are bigint, and an event past the 32-bit range is stored and read back', async () => {
    const [column] = await db.query<{ data_type: string }>(
      `SELECT data_type FROM information_schema.columns WHERE table_name = 'telemetry_events' AND column_name = 'id'`,
    );
    assert.equal(column?.data_type, 'bigint');
    const [sequence] = await db.query<{ data_type: string }>(
      `SELECT data_type FROM information_schema.sequences WHERE sequence_name = 'telemetry_events_id_seq'`,
    );
    assert.equal(sequence?.data_type, 'bigint');
    const last32 = 2 ** 31 - 1;
    await db.query(`SELECT setval('telemetry_events_id_seq', $1)`, [last32]);
    const marker = `wide-${Date.now()}`;
    const r = await call(`${api}/telemetry/events`, { body: { events: [{ name: 'page_view', anonymous_id: marker }] } });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    const got = await call(`${api}/telemetry/events?anonymous_id=${marker}`);
    assert.deepEqual(
      got.body.data.map((e: { id: number }) => e.id),
      [last32 + 1],
    );
  });
  test('posts are rate-limited per address: 429 with Retry-After and code rate_limited', async () => {
    let last = await call(`${api}/telemetry/events`, { body: { events: [{ name: 'flood' }] } });
    for (let i = 0; i < 130 && last.status === 202; i++)
      last = await call(`${api}/telemetry/events`, { body: { events: [{ name: 'flood' }] } });
    assert.equal(last.status, 429);
    assert.equal(last.body.code, 'rate_limited');
    assert.ok(Number(last.headers.get('retry-after')) > 0);
  });
  test('features reads are rate-limited per address too', async () => {
    let last = await call(`${api}/growthbook/api/features/${GROWTHBOOK_CLIENT_KEY}`);
    for (let i = 0; i < 130 && last.status === 200; i++) last = await call(`${api}/growthbook/api/features/${GROWTHBOOK_CLIENT_KEY}`);
    assert.equal(last.status, 429);
    assert.equal(last.body.code, 'rate_limited');
  });
});
