import { isForeignTimezone } from './slot-label';
import { isValidTimeZone, slotLabel, slotText, zoneName, zonePlace } from './zoned-time';

const NOW = new Date('2026-11-23T12:00:00Z');

describe("slotLabel (product rules, Booking and time zones: date display in the patient's zone)", () => {
  it.each([
    ['India, later date', '2026-11-26T09:30:00Z', 'Asia/Kolkata', '26 Nov 2026', '03:00 PM', '2026-11-26'],
    ['New York, same instant', '2026-11-26T09:30:00Z', 'America/New_York', '26 Nov 2026', '04:30 AM', '2026-11-26'],
    [
      'the instant falls on another calendar day in the other zone',
      '2026-11-26T20:00:00Z',
      'Asia/Kolkata',
      '27 Nov 2026',
      '01:30 AM',
      '2026-11-27',
    ],
    ['Today in the zone', '2026-11-23T13:00:00Z', 'Asia/Kolkata', 'Today', '06:30 PM', '2026-11-23'],
    ['Tomorrow in the zone', '2026-11-24T05:00:00Z', 'Asia/Kolkata', 'Tomorrow', '10:30 AM', '2026-11-24'],
    ['Tomorrow in India is still today in New York', '2026-11-23T20:00:00Z', 'America/New_York', 'Today', '03:00 PM', '2026-11-23'],
    ['daylight saving: New York in July is UTC-4', '2026-07-10T14:00:00Z', 'America/New_York', '10 Jul 2026', '10:00 AM', '2026-07-10'],
    ['midday is 12 PM', '2026-12-01T06:30:00Z', 'Asia/Kolkata', '01 Dec 2026', '12:00 PM', '2026-12-01'],
    ['midnight is 12 AM', '2026-11-30T18:30:00Z', 'Asia/Kolkata', '01 Dec 2026', '12:00 AM', '2026-12-01'],
    ['September is MMM: Sep, not Sept', '2026-09-05T05:30:00Z', 'Asia/Kolkata', '05 Sep 2026', '11:00 AM', '2026-09-05'],
    ['a year turn', '2027-01-02T18:30:00Z', 'Asia/Kolkata', '03 Jan 2027', '12:00 AM', '2027-01-03'],
  ])('%s', (_case, iso, zone, day, time, date) => {
    const label = slotLabel(iso, zone, NOW);
    expect(label).toEqual(expect.objectContaining({ day, time, date, text: `${day}, ${time}` }));
    expect(slotText(iso, zone, NOW)).toBe(`${day}, ${time}`);
  });

  it('names the zone the one way, and long for screen readers', () => {
    const ny = slotLabel('2026-11-26T09:30:00Z', 'America/New_York', NOW);
    expect(ny?.zone).toBe('Eastern Standard Time (GMT-5)');
    expect(slotLabel('2026-07-10T14:00:00Z', 'America/New_York', NOW)?.zone).toBe('Eastern Daylight Time (GMT-4)');
    expect(ny?.spoken).toMatch(/Thursday.*26 November 2026.*4:30.*am.*Eastern Standard Time/i);
    expect(slotLabel('2026-11-26T09:30:00Z', 'Asia/Kolkata', NOW)?.spoken).toMatch(/India Standard Time/);
  });

  it.each([
    ['invalid date', 'not a date', 'Asia/Kolkata'],
    ['invalid zone', '2026-11-26T09:30:00Z', 'Mars/Olympus'],
  ])('%s yields nothing', (_case, iso, zone) => {
    expect(slotLabel(iso, zone, NOW)).toBeNull();
    expect(slotText(iso, zone, NOW)).toBeNull();
  });
});

describe('zoneName: a time zone is written one way on every page', () => {
  const WINTER = '2026-11-26T09:30:00Z';
  const SUMMER = '2026-07-10T14:00:00Z';
  it.each([
    ['India', 'Asia/Kolkata', WINTER, 'India Standard Time (GMT+5:30)'],
    ["India under the zone's old name", 'Asia/Calcutta', WINTER, 'India Standard Time (GMT+5:30)'],
    ['New York in winter', 'America/New_York', WINTER, 'Eastern Standard Time (GMT-5)'],
    ['New York in summer', 'America/New_York', SUMMER, 'Eastern Daylight Time (GMT-4)'],
    ['London in winter: GMT with no offset', 'Europe/London', WINTER, 'Greenwich Mean Time (GMT)'],
    ['London in summer', 'Europe/London', SUMMER, 'British Summer Time (GMT+1)'],
    ['Dubai', 'Asia/Dubai', WINTER, 'Gulf Standard Time (GMT+4)'],
    ['a quarter-hour offset', 'Asia/Kathmandu', WINTER, 'Nepal Time (GMT+5:45)'],
    ['UTC', 'UTC', WINTER, 'Coordinated Universal Time (GMT)'],
    ['a zone with no name of its own: the offset once', 'Etc/GMT-3', WINTER, 'GMT+3'],
  ])('%s', (_case, zone, at, written) => {
    expect(zoneName(zone, at)).toBe(written);
    // The same words wherever a time of that instant is labelled.
    expect(slotLabel(at, zone, NOW)?.zone).toBe(written);
  });

  it.each([
    ['an unknown zone', 'Mars/Olympus', WINTER],
    ['no zone', '', WINTER],
    ['an invalid date', 'Asia/Kolkata', 'not a date'],
  ])('%s: nothing', (_case, zone, at) => {
    expect(zoneName(zone, at)).toBeNull();
  });

  it('a zone as a place to choose reads as words', () => {
    expect(zonePlace('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos Aires');
  });
});

describe('slotLabel around a daylight-saving change', () => {
  // New York, 1 Nov 2026 (clocks go back: a 25-hour day). At 00:30 that day, 24 hours later is still 1 Nov.
  const nowEarly = new Date('2026-11-01T04:30:00Z');
  it.each([
    ['late the same (25-hour) day is Today', '2026-11-02T04:00:00Z', 'Today, 11:00 PM'],
    ['the next calendar day is Tomorrow', '2026-11-02T15:00:00Z', 'Tomorrow, 10:00 AM'],
    ['the day after is a date', '2026-11-03T15:00:00Z', '03 Nov 2026, 10:00 AM'],
  ])('%s', (_case, iso, text) => {
    expect(slotLabel(iso, 'America/New_York', nowEarly)?.text).toBe(text);
  });
});

describe('today in a zone is kept for the minute only', () => {
  it("turns Tomorrow into Today at the zone's midnight", () => {
    // 18:29:59Z is 23:59:59 in Kolkata; 18:30Z is midnight.
    const session = '2026-11-24T04:30:00Z';
    expect(slotText(session, 'Asia/Kolkata', new Date('2026-11-23T18:29:59Z'))).toBe('Tomorrow, 10:00 AM');
    expect(slotText(session, 'Asia/Kolkata', new Date('2026-11-23T18:30:00Z'))).toBe('Today, 10:00 AM');
    expect(slotText(session, 'Asia/Kolkata', new Date('2026-11-23T18:29:30Z'))).toBe('Tomorrow, 10:00 AM');
  });
});

describe('formatters are kept per zone', () => {
  it('builds one formatter per zone and kind, however many labels', () => {
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      for (let i = 0; i < 50; i += 1) slotLabel(Date.UTC(2026, 11, 1, i), 'Europe/Lisbon', NOW);
      // 'parts' and 'spoken' for Lisbon, once each.
      expect(made).toHaveBeenCalledTimes(2);
    } finally {
      made.mockRestore();
    }
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
  it('rejects an unknown or empty zone', () => {
    expect(isValidTimeZone('Nowhere/Town')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});
