import { HELPLINES, helplinesFor, telHref } from './helplines';

describe("helplinesFor: the person's country first, India next", () => {
  it.each([
    ['IN', ['IN', 'US', 'GB']],
    ['in', ['IN', 'US', 'GB']],
    ['GB', ['GB', 'IN', 'US', 'AE']],
    ['US', ['US', 'IN', 'GB']],
    ['United Kingdom', ['GB', 'IN', 'US']],
    ['ZZ', ['IN', 'US', 'GB']],
    [null, ['IN', 'US', 'GB']],
    [undefined, ['IN', 'US', 'GB']],
    ['', ['IN', 'US', 'GB']],
  ])('%p -> starts %j', (country, start) => {
    const order = helplinesFor(country).map((entry) => entry.code);
    expect(order.slice(0, start.length)).toEqual(start);
    expect([...order].sort()).toEqual(HELPLINES.map((entry) => entry.code).sort()); // every country, once
  });

  it('every country has a code, a name and at least one line with a dialable number', () => {
    for (const entry of HELPLINES) {
      expect(entry.code).toMatch(/^[A-Z]{2}$/);
      expect(entry.lines.length).toBeGreaterThan(0);
      for (const line of entry.lines) expect(telHref(line.number)).toMatch(/^tel:\+?\d{3,15}$/);
    }
  });
});

describe('every country names its source and when it was last checked', () => {
  it.each(HELPLINES.map((entry) => [entry.country, entry] as const))('%s', (_name, entry) => {
    expect(entry.source.length).toBeGreaterThan(10);
    expect(entry.reviewed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // A review more than a year old fails here: the clinical team re-checks the numbers before the next release.
    const age = Date.now() - Date.parse(`${entry.reviewed}T00:00:00Z`);
    expect(age).toBeGreaterThanOrEqual(-86_400_000);
    expect(age).toBeLessThan(366 * 86_400_000);
  });
});

describe('telHref', () => {
  it.each([
    ['112', 'tel:112'],
    ['1800 891 4416', 'tel:18008914416'],
    ['+44 20 7946 0123', 'tel:+442079460123'],
    ['13 11 14', 'tel:131114'],
  ])('%s -> %s', (number, href) => expect(telHref(number)).toBe(href));
});
