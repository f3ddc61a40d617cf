import { apiClient, havenStore } from '@haven/shared';
import { initialAssessmentFlags } from '@haven/shared/dashboard-rules';
import type { RiskFlag } from '@haven/shared/crisis';
import type { GetJson } from '../../common/api-types';

export type AssessmentSummary = GetJson<'/api/v1/assessments'>['data'][number];
export type Assessment = GetJson<'/api/v1/assessments/{slug}'>['data'];
export type AssessmentResult = { id: number; score: number; severity: string; risk_flags: RiskFlag[] };

export async function listAssessments(): Promise<AssessmentSummary[]> {
  return (await apiClient.get<{ data: AssessmentSummary[] }>('/assessments')).data.data;
}
export async function getAssessment(slug: string): Promise<Assessment> {
  return (await apiClient.get<{ data: Assessment }>(`/assessments/${encodeURIComponent(slug)}`)).data.data;
}
export async function saveAssessment(slug: string, answers: { question_id: string; value: number }[]): Promise<AssessmentResult> {
  return (await apiClient.post<{ data: AssessmentResult }>(`/assessments/${encodeURIComponent(slug)}/responses`, { answers })).data.data;
}

/** Product rules, Assessments and crisis: initial assessment: the edited flags per therapy, psychiatry and common, into the store. */
export async function loadInitialAssessmentFlags(): Promise<void> {
  const types = (await apiClient.get<{ data: { answered_types: string[] } }>('/customers/initial_assessments')).data.data.answered_types;
  havenStore.getState().initialAssessment.update(initialAssessmentFlags(types));
}
