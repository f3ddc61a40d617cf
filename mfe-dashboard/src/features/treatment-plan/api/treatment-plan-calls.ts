import { type Answer, apiClient } from '@haven/shared';

export type TreatmentPlan = Answer<'/customers/treatment_plans', 'get'>['data'][number];

/** The acting profile's treatment plans from its providers, active ones first. */
export async function listTreatmentPlans(signal?: AbortSignal): Promise<TreatmentPlan[]> {
  return (await apiClient.get<Answer<'/customers/treatment_plans', 'get'>>('/customers/treatment_plans', { signal })).data.data;
}
