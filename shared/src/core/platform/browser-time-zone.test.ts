import { browserTimeZone } from './browser-time-zone';

describe('browserTimeZone', () => {
  const resolved = (timeZone: string) => ({ resolvedOptions: () => ({ timeZone }) }) as unknown as Intl.DateTimeFormat;

  it.each([
    ['reads the device zone', ['Asia/Kolkata'], [0], ['Asia/Kolkata']],
    [
      'keeps it for a minute, then reads again',
      ['Asia/Kolkata', 'Europe/Berlin'],
      [1_000_000, 1_059_999, 1_060_000],
      ['Asia/Kolkata', 'Asia/Kolkata', 'Europe/Berlin'],
    ],
    ['an empty answer is the fallback (UTC here)', [''], [2_000_000], ['UTC']],
  ])('%s', (_case, zones, times, expected) => {
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    for (const zone of zones) made.mockImplementationOnce(() => resolved(zone));
    try {
      expect(times.map((at) => browserTimeZone('UTC', at))).toEqual(expected);
      expect(made).toHaveBeenCalledTimes(zones.length);
    } finally {
      made.mockRestore();
    }
  });

  it("is the caller's fallback when Intl cannot build a formatter", () => {
    const made = jest.spyOn(Intl, 'DateTimeFormat').mockImplementation(() => {
      throw new RangeError('no ICU');
    });
    try {
      expect(browserTimeZone('UTC', 3_000_000)).toBe('UTC');
      expect(browserTimeZone('Asia/Kolkata', 3_000_001)).toBe('Asia/Kolkata');
    } finally {
      made.mockRestore();
    }
  });
});
