import { assessmentRiskFlags, hasRiskAnswer, RISK_RULES } from './assessment-risk';

const all = (slug: string, n: number, value: number, last?: number) =>
  Array.from({ length: n }, (_, i) => ({ question_id: `q${i + 1}`, value: i === n - 1 && last !== undefined ? last : value }));

describe("assessmentRiskFlags: the instrument's own risk answers, nothing else", () => {
  it.each([
    // PHQ-9 item 9: any answer other than "Not at all" (0), whatever the total.
    ['phq-9 item 9 "Not at all", every other item at most', 'phq-9', all('phq-9', 9, 3, 0), []],
    ['phq-9 item 9 "Several days", the rest 0 (score 1, minimal)', 'phq-9', all('phq-9', 9, 0, 1), ['q9']],
    ['phq-9 item 9 "More than half the days"', 'phq-9', all('phq-9', 9, 0, 2), ['q9']],
    ['phq-9 item 9 "Nearly every day", the rest 0 (score 3, minimal)', 'phq-9', all('phq-9', 9, 0, 3), ['q9']],
    ['phq-9 every item "Nearly every day" (score 27)', 'phq-9', all('phq-9', 9, 3), ['q9']],
    ['phq-9 without item 9 (partial answers)', 'phq-9', all('phq-9', 8, 3), []],
    // A high score alone is not a risk answer in the instruments' guidance.
    ['gad-7 every item "Nearly every day" (score 21, severe)', 'gad-7', all('gad-7', 7, 3), []],
    ['common well-being check, all 3', 'wellbeing-check', all('wellbeing-check', 3, 3), []],
    ["another instrument's q9", 'gad-7', [{ question_id: 'q9', value: 3 }], []],
    ['an unknown instrument', 'nope', all('nope', 9, 3), []],
  ])('%s', (_label, slug, answers, flagged) => {
    expect(assessmentRiskFlags(slug, answers).map((f) => f.question_id)).toEqual(flagged);
  });

  it('a flag names the instrument, the question, the answer and the reason the care team reads', () => {
    expect(assessmentRiskFlags('phq-9', all('phq-9', 9, 0, 2))).toEqual([
      { slug: 'phq-9', question_id: 'q9', value: 2, reason: 'PHQ-9 item 9: thoughts of being better off dead or of self-harm' },
    ]);
  });

  it('every rule names its source', () => {
    for (const rule of RISK_RULES) expect(rule.source.length).toBeGreaterThan(40);
  });
});

describe('hasRiskAnswer: while the form is open, some questions not answered yet', () => {
  it.each([
    [{}, false],
    [{ q1: 3, q2: 3 }, false],
    [{ q9: 0 }, false],
    [{ q9: 1 }, true],
    [{ q1: 0, q9: 3 }, true],
  ])('phq-9 %j -> %p', (answers, risk) => expect(hasRiskAnswer('phq-9', answers)).toBe(risk));

  it('gad-7 answers are never a risk answer', () => expect(hasRiskAnswer('gad-7', { q7: 3, q9: 3 })).toBe(false));
});
