import { type Answer, apiClient, type Body, havenStore } from '@haven/shared';
import { initialAssessmentFlags } from '@haven/shared/dashboard-rules';

export type AssessmentSummary = Answer<'/assessments', 'get'>['data'][number];
export type Assessment = Answer<'/assessments/{slug}', 'get'>['data'];
export type AssessmentResult = Answer<'/assessments/{slug}/responses', 'post'>['data'];

export async function listAssessments(): Promise<AssessmentSummary[]> {
  return (await apiClient.get<Answer<'/assessments', 'get'>>('/assessments')).data.data;
}
export async function getAssessment(slug: string): Promise<Assessment> {
  return (await apiClient.get<Answer<'/assessments/{slug}', 'get'>>(`/assessments/${encodeURIComponent(slug)}`)).data.data;
}
export async function saveAssessment(
  slug: string,
  answers: Body<'/assessments/{slug}/responses', 'post'>['answers'],
): Promise<AssessmentResult> {
  return (
    await apiClient.post<Answer<'/assessments/{slug}/responses', 'post'>>(`/assessments/${encodeURIComponent(slug)}/responses`, { answers })
  ).data.data;
}

/** Product rules, Assessments and crisis: initial assessment: the edited flags per therapy, psychiatry and common, into the store. */
export async function loadInitialAssessmentFlags(): Promise<void> {
  const types = (await apiClient.get<Answer<'/customers/initial_assessments', 'get'>>('/customers/initial_assessments')).data.data
    .answered_types;
  havenStore.getState().initialAssessment.update(initialAssessmentFlags(types));
}
