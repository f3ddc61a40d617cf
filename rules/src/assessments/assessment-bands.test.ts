import { ASSESSMENT_BANDS, scorePlace, severityOf, type NextStepKind } from './assessment-bands';

describe('scorePlace (where a score sits, and the next step of its band)', () => {
  it.each<[string, number, string, string, NextStepKind]>([
    // PHQ-9 (Kroenke 2001): 0-4, 5-9, 10-14, 15-19, 20-27
    ['phq-9', 0, 'minimal (0-4)', '0 of 27', 'keep-going'],
    ['phq-9', 4, 'minimal (0-4)', '4 of 27', 'keep-going'],
    ['phq-9', 5, 'mild (5-9)', '5 of 27', 'self-care'],
    ['phq-9', 10, 'moderate (10-14)', '10 of 27', 'book'],
    ['phq-9', 14, 'moderate (10-14)', '14 of 27', 'book'],
    ['phq-9', 15, 'moderately severe (15-19)', '15 of 27', 'today'],
    ['phq-9', 24, 'severe (20-27)', '24 of 27', 'today'],
    ['phq-9', 27, 'severe (20-27)', '27 of 27', 'today'],
    // GAD-7 (Spitzer 2006): 0-4, 5-9, 10-14, 15-21
    ['gad-7', 4, 'minimal (0-4)', '4 of 21', 'keep-going'],
    ['gad-7', 9, 'mild (5-9)', '9 of 21', 'self-care'],
    ['gad-7', 10, 'moderate (10-14)', '10 of 21', 'book'],
    ['gad-7', 15, 'severe (15-21)', '15 of 21', 'today'],
    // Our own check: higher is better
    ['wellbeing-check', 1, 'low (0-2)', '1 of 9', 'book'],
    ['wellbeing-check', 4, 'mixed (3-5)', '4 of 9', 'self-care'],
    ['wellbeing-check', 9, 'good (6-9)', '9 of 9', 'keep-going'],
  ])('%s %i: %s, %s, next %s', (slug, score, range, ofScale, next) => {
    expect(scorePlace(slug, score)).toMatchObject({ range, ofScale, next });
  });

  it('a score past the top stays in the top band; an unknown instrument has four steps', () => {
    expect(severityOf('phq-9', 40)).toBe('severe');
    expect(severityOf('new-check', 3)).toBe('minimal');
    expect(severityOf('new-check', 30)).toBe('severe');
  });

  it.each(ASSESSMENT_BANDS.map((i) => [i.slug, i] as const))(
    '%s: bands cover 0 to the top without gap or overlap, and name a source',
    (_slug, i) => {
      expect(i.bands[0]!.min).toBe(0);
      i.bands.forEach((b, n) => {
        expect(b.max).toBeGreaterThanOrEqual(b.min);
        if (n > 0) expect(b.min).toBe(i.bands[n - 1]!.max + 1);
      });
      expect(i.bands[i.bands.length - 1]!.max).toBe(i.scaleMax);
      expect(i.source.length).toBeGreaterThan(20);
    },
  );
});
