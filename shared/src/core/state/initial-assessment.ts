// Initial assessment edit flags (product rules, Assessments and crisis).
import { baseActions, type SliceActions, type SliceApi } from './slice';

export interface InitialAssessmentData {
  isTherapyAssessmentEdited: boolean;
  isPsychiatryAssessmentEdited: boolean;
  isCommonAssessmentEdited: boolean;
}

export type InitialAssessmentSlice = InitialAssessmentData & SliceActions<InitialAssessmentData>;

export const initialInitialAssessment: InitialAssessmentData = {
  isTherapyAssessmentEdited: false,
  isPsychiatryAssessmentEdited: false,
  isCommonAssessmentEdited: false,
};

export function createInitialAssessmentSlice(api: SliceApi<InitialAssessmentData>): InitialAssessmentSlice {
  return { ...initialInitialAssessment, ...baseActions(api, initialInitialAssessment) };
}
