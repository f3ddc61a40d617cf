import { browserTimeZone } from './browser-time-zone';

describe('browserTimeZone', () => {
  const resolved = (timeZone: string) => ({ resolvedOptions: () => ({ timeZone }) }) as unknown as Intl.DateTimeFormat;

  it.each([
    ['reads the device zone', ['Asia/Kolkata'], [0], ['Asia/Kolkata']],
    ['keeps it for a minute, then reads again', ['Asia/Kolkata', 'Europe/Berlin'], [1_000_000, 1_059_999, 1_060_000], ['Asia/Kolkata', 'Asia/Kolkata', 'Europe/Berlin']],
    ['an empty answer is UTC', [''], [2_000_000], ['UTC']],
  ])('%s', (_case, zones, times, expected) => {
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    for (const zone of zones) made.mockImplementationOnce(() => resolved(zone));
    try {
      expect(times.map((at) => browserTimeZone(at))).toEqual(expected);
      expect(made).toHaveBeenCalledTimes(zones.length);
    } finally {
      made.mockRestore();
    }
  });

  it('is UTC when Intl cannot build a formatter', () => {
    const made = jest.spyOn(Intl, 'DateTimeFormat').mockImplementation(() => {
      throw new RangeError('no ICU');
    });
    try {
      expect(browserTimeZone(3_000_000)).toBe('UTC');
    } finally {
      made.mockRestore();
    }
  });
});
