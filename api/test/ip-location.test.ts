// Where a request's address places a person: a table over public addresses of a dozen countries, the
// ranges that place nobody (the time zone decides then), and the location route behind a proxy.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { countryOfAddress, locationOf } from '../src/accounts/index.js';
import { boot, call } from './helpers.js';

const NOW = Date.parse('2026-01-15T12:00:00Z');

describe('countryOfAddress', () => {
  const cases: Array<[address: string | undefined, country: string | null]> = [
    ['8.8.8.8', 'US'],
    ['81.2.69.160', 'GB'],
    ['49.36.0.1', 'IN'],
    ['1.1.1.1', 'AU'],
    ['5.62.60.1', 'DE'],
    ['185.143.232.1', 'IR'],
    ['41.58.0.1', 'NG'],
    ['2a00:1450:4009::1', 'IE'],
    ['::ffff:49.36.0.1', 'IN'],
    // Addresses that place nobody: the same machine, private networks, reserved and documentation ranges.
    ['127.0.0.1', null],
    ['::1', null],
    ['10.0.0.1', null],
    ['192.168.1.20', null],
    ['100.64.0.1', null],
    ['169.254.1.1', null],
    ['fc00::1', null],
    ['203.0.113.5', null],
    ['2001:db8::1', null],
    ['not an address', null],
    [undefined, null],
  ];
  for (const [address, country] of cases) {
    test(`${String(address)}: ${country ?? 'nobody'}`, () => assert.equal(countryOfAddress(address), country));
  }
});

describe('locationOf: the address first, the time zone where the address places nobody', () => {
  const cases: Array<[address: string, zone: string, country: string, international: boolean, blacklisted: boolean]> = [
    ['49.36.0.1', 'Asia/Kolkata', 'IN', false, false],
    // A visitor from India on a laptop set to London is in India, priced in India; the zone only displays times.
    ['49.36.0.1', 'Europe/London', 'IN', false, false],
    // Every America/* zone no longer means the US, nor UTC India.
    ['41.58.0.1', 'UTC', 'NG', true, false],
    ['81.2.69.160', 'America/Lima', 'GB', true, false],
    ['185.143.232.1', 'Asia/Dubai', 'IR', true, true],
    // An address located in the US that sends India's zone is international: the zone never chooses the currency.
    ['8.8.8.8', 'Asia/Kolkata', 'US', true, false],
    ['127.0.0.1', 'Asia/Dubai', 'AE', true, false],
    ['10.0.0.1', 'Asia/Tehran', 'IR', true, true],
    ['192.168.1.20', 'UTC', 'IN', true, false],
  ];
  for (const [address, zone, country, international, blacklisted] of cases) {
    test(`${address} in ${zone}: ${country}${blacklisted ? ', blacklisted' : ''}`, () => {
      const l = locationOf({ address, tz: zone, now: NOW });
      assert.deepEqual([l.country, l.timezone, l.is_international, l.is_blacklisted_country], [country, zone, international, blacklisted]);
    });
  }
});

describe('locationOf in production: an address that places nobody is priced as in India, whatever the zone', () => {
  const cases: Array<[address: string, zone: string, international: boolean]> = [
    ['127.0.0.1', 'America/New_York', false],
    ['10.0.0.1', 'Europe/London', false],
    ['8.8.8.8', 'Asia/Kolkata', true],
    ['49.36.0.1', 'America/New_York', false],
  ];
  for (const [address, zone, international] of cases) {
    test(`${address} in ${zone}: ${international ? 'international' : 'India'}`, () => {
      assert.equal(locationOf({ address, tz: zone, now: NOW, zoneDecides: false }).is_international, international);
    });
  }
});

describe('GET /customers/user_location behind a proxy', () => {
  let srv: Awaited<ReturnType<typeof boot>>;
  before(async () => {
    srv = await boot({ stage: 'development', env: { HAVEN_TRUST_PROXY: 'loopback' } });
  });
  after(async () => {
    await srv.close();
  });
  const locate = (address: string, zone = 'Asia/Kolkata') =>
    call(`${srv.api}/customers/user_location?system_timezone=${encodeURIComponent(zone)}`, { headers: { 'x-forwarded-for': address } });

  test('answers the country of the client address the proxy names', async () => {
    const r = await locate('81.2.69.160');
    assert.equal(r.status, 200);
    assert.equal(r.body.location.country, 'GB');
    assert.equal(r.body.location.timezone, 'Asia/Kolkata');
    assert.equal((await locate('185.143.232.1')).body.location.is_blacklisted_country, true);
  });
  test('falls back to the time zone for a private address', async () => {
    assert.equal((await locate('10.1.2.3', 'Asia/Dubai')).body.location.country, 'AE');
  });
});
