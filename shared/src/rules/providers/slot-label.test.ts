import { isForeignTimezone, isValidTimeZone, slotLabel } from './slot-label';

const NOW = new Date('2026-11-23T12:00:00Z');

describe('slotLabel (spec §9 date display in the patient\'s zone)', () => {
  it.each([
    ['India, later date', '2026-11-26T09:30:00Z', 'Asia/Kolkata', '26 Nov 2026', '03:00 PM', '2026-11-26'],
    ['New York, same instant', '2026-11-26T09:30:00Z', 'America/New_York', '26 Nov 2026', '04:30 AM', '2026-11-26'],
    ['the instant falls on another calendar day in the other zone', '2026-11-26T20:00:00Z', 'Asia/Kolkata', '27 Nov 2026', '01:30 AM', '2026-11-27'],
    ['Today in the zone', '2026-11-23T13:00:00Z', 'Asia/Kolkata', 'Today', '06:30 PM', '2026-11-23'],
    ['Tomorrow in the zone', '2026-11-24T05:00:00Z', 'Asia/Kolkata', 'Tomorrow', '10:30 AM', '2026-11-24'],
    ['Tomorrow in India is still today in New York', '2026-11-23T20:00:00Z', 'America/New_York', 'Today', '03:00 PM', '2026-11-23'],
    ['daylight saving: New York in July is UTC-4', '2026-07-10T14:00:00Z', 'America/New_York', '10 Jul 2026', '10:00 AM', '2026-07-10'],
    ['midday is 12 PM', '2026-12-01T06:30:00Z', 'Asia/Kolkata', '01 Dec 2026', '12:00 PM', '2026-12-01'],
  ])('%s', (_case, iso, zone, day, time, date) => {
    const label = slotLabel(iso, zone, NOW);
    expect(label).toEqual(expect.objectContaining({ day, time, date, text: `${day}, ${time}` }));
  });

  it('names the zone short and long', () => {
    const ny = slotLabel('2026-11-26T09:30:00Z', 'America/New_York', NOW);
    expect(ny?.zone).toMatch(/EST|GMT-5/);
    expect(ny?.spoken).toMatch(/Thursday.*26 November 2026.*4:30.*am.*Eastern Standard Time/i);
    expect(slotLabel('2026-11-26T09:30:00Z', 'Asia/Kolkata', NOW)?.spoken).toMatch(/India Standard Time/);
  });

  it.each([
    ['invalid date', 'not a date', 'Asia/Kolkata'],
    ['invalid zone', '2026-11-26T09:30:00Z', 'Mars/Olympus'],
  ])('%s yields nothing', (_case, iso, zone) => {
    expect(slotLabel(iso, zone, NOW)).toBeNull();
  });
});

describe('isForeignTimezone / isValidTimeZone', () => {
  it.each([
    ['Asia/Kolkata', false],
    ['Asia/Calcutta', false],
    ['America/New_York', true],
    ['UTC', true],
  ])('%s foreign: %s', (zone, foreign) => {
    expect(isForeignTimezone(zone)).toBe(foreign);
    expect(isValidTimeZone(zone)).toBe(true);
  });
  it('rejects an unknown zone', () => expect(isValidTimeZone('Nowhere/Town')).toBe(false));
});
