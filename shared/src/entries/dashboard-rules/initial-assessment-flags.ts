// Product rules, Assessments and crisis: initial assessment: isTherapyAssessmentEdited, isPsychiatryAssessmentEdited and
// isCommonAssessmentEdited, from the assessment types the patient has answered.
import type { InitialAssessmentData } from '@haven/shared';

export function initialAssessmentFlags(answeredTypes: readonly string[]): InitialAssessmentData {
  return {
    isTherapyAssessmentEdited: answeredTypes.includes('therapy'),
    isPsychiatryAssessmentEdited: answeredTypes.includes('psychiatry'),
    isCommonAssessmentEdited: answeredTypes.includes('common'),
  };
}
