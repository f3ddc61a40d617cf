import { sessionStartLabel } from './session-start-label';

// 2026-11-23 10:00 UTC = 15:30 in Kolkata (23 Nov) and 05:00 in New York (23 Nov).
const NOW = Date.UTC(2026, 10, 23, 10, 0);

describe('sessionStartLabel (product rules, Booking and time zones: date display with Today/Tomorrow, in the patient zone)', () => {
  it.each([
    ['later today in Kolkata', '2026-11-23T12:30:00Z', 'Asia/Kolkata', 'Today, 06:00 PM'],
    ['tomorrow morning in Kolkata', '2026-11-24T03:30:00Z', 'Asia/Kolkata', 'Tomorrow, 09:00 AM'],
    ['after tomorrow: the full date', '2026-11-25T05:30:00Z', 'Asia/Kolkata', '25 Nov 2026, 11:00 AM'],
    ['the same instant is tomorrow in Kolkata ...', '2026-11-23T19:00:00Z', 'Asia/Kolkata', 'Tomorrow, 12:30 AM'],
    ['... and still today in New York', '2026-11-23T19:00:00Z', 'America/New_York', 'Today, 02:00 PM'],
    ['New York tomorrow', '2026-11-24T14:00:00Z', 'America/New_York', 'Tomorrow, 09:00 AM'],
    ['an earlier day shows its date', '2026-11-20T05:30:00Z', 'Asia/Kolkata', '20 Nov 2026, 11:00 AM'],
    ['a year turn', '2027-01-02T18:30:00Z', 'Asia/Kolkata', '03 Jan 2027, 12:00 AM'],
  ])('%s', (_case, start, zone, expected) => {
    expect(sessionStartLabel(start, zone, NOW)).toBe(expected);
  });

  it.each([
    ['an invalid date', 'not a date', 'Asia/Kolkata'],
    ['an unknown zone', '2026-11-23T12:30:00Z', 'Mars/Olympus'],
    ['an empty zone', '2026-11-23T12:30:00Z', ''],
  ])('%s yields nothing and is reported', (_case, start, zone) => {
    // Outside production the reporter writes to the console (report-error.ts).
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(sessionStartLabel(start, zone, NOW)).toBeNull();
      expect(consoleError).toHaveBeenCalledWith('[haven]', new Error('Invalid date or timezone'), expect.objectContaining({ zone }));
    } finally {
      consoleError.mockRestore();
    }
  });
});
