// core/time.ts answers most instants from its hour's offset instead of formatting each one with Intl:
// the answer must be Intl's, to the second, in every kind of zone and across every change of offset.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { localParts, localPartsByIntl, zonedToUtc } from '../src/core/time.js';

const ZONES = [
  'UTC',
  'Asia/Kolkata', // +5:30, and before 1942 its own offsets (local mean time to the second, then war time)
  'Asia/Kathmandu', // +5:45
  'America/New_York',
  'Europe/London',
  'America/St_Johns', // -3:30 with summer time
  'Australia/Lord_Howe', // summer time of half an hour
  'Pacific/Chatham', // +12:45 / +13:45
  'Africa/Casablanca', // an hour back during Ramadan, changing twice a year at odd dates
  'Pacific/Apia', // skipped 30 December 2011 across the date line
  'America/Sao_Paulo',
  'Asia/Dubai',
];
const HOUR = 3_600_000;

test('local parts from the hour offset are Intl’s, for instants from 1850 to 2100 in zones of every kind', () => {
  fc.assert(
    fc.property(fc.constantFrom(...ZONES), fc.integer({ min: Date.UTC(1850, 0, 1), max: Date.UTC(2100, 0, 1) }), (tz, t) => {
      assert.deepEqual(localParts(t, tz), localPartsByIntl(t, tz));
    }),
    { numRuns: 5000 },
  );
});

/** The offset (minutes, to the second) Intl gives at t. */
const intlOffset = (t: number, tz: string) => {
  const p = localPartsByIntl(t, tz);
  return (Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(t / 1000) * 1000) / 60_000;
};

test('around every change of offset from 2011 to 2030, each second near it and every five minutes for 90 minutes either side are Intl’s', () => {
  let changes = 0;
  for (const tz of ZONES) {
    for (let day = Date.UTC(2011, 0, 1); day < Date.UTC(2030, 0, 1); day += 24 * HOUR) {
      if (intlOffset(day, tz) === intlOffset(day + 24 * HOUR, tz)) continue;
      // The first second of the new offset, by halving the day.
      let [lo, hi] = [day, day + 24 * HOUR];
      while (hi - lo > 1000) {
        const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
        if (intlOffset(mid, tz) === intlOffset(lo, tz)) lo = mid;
        else hi = mid;
      }
      changes++;
      const near = [
        ...Array.from({ length: 7 }, (_, i) => hi + (i - 3) * 1000),
        ...Array.from({ length: 37 }, (_, i) => hi + (i - 18) * 5 * 60_000),
      ];
      for (const t of near) assert.deepEqual(localParts(t, tz), localPartsByIntl(t, tz), `${tz} ${new Date(t).toISOString()}`);
    }
  }
  assert.ok(changes > 200, `${changes} changes of offset seen`);
});

test('a wall-clock time in a zone is its instant', () => {
  const at = (tz: string, ...ymdhm: [number, number, number, number, number]) => new Date(zonedToUtc(...ymdhm, tz)).toISOString();
  assert.equal(at('Asia/Kolkata', 2026, 3, 2, 10, 0), '2026-03-02T04:30:00.000Z');
  assert.equal(at('Europe/London', 2026, 7, 1, 9, 0), '2026-07-01T08:00:00.000Z');
  assert.equal(at('America/New_York', 2026, 1, 15, 9, 0), '2026-01-15T14:00:00.000Z');
  assert.equal(at('Asia/Kathmandu', 2026, 5, 5, 12, 15), '2026-05-05T06:30:00.000Z');
});
