import { initialAssessmentFlags } from './initial-assessment-flags';

describe('initialAssessmentFlags (product rules, Assessments and crisis: edited flags per therapy, psychiatry and common)', () => {
  it.each([
    ['none answered', [], [false, false, false]],
    ['therapy only', ['therapy'], [true, false, false]],
    ['psychiatry and common', ['psychiatry', 'common'], [false, true, true]],
    ['all three, with an unknown type', ['common', 'therapy', 'psychiatry', 'coaching'], [true, true, true]],
  ])('%s', (_case, types, [therapy, psychiatry, common]) => {
    expect(initialAssessmentFlags(types)).toEqual({
      isTherapyAssessmentEdited: therapy,
      isPsychiatryAssessmentEdited: psychiatry,
      isCommonAssessmentEdited: common,
    });
  });
});
