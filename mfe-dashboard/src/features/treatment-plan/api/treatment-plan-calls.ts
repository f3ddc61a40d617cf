import { apiClient } from '@haven/shared';
import type { GetJson } from '../../common/api-types';

export type TreatmentPlan = GetJson<'/api/v1/customers/treatment_plans'>['data'][number];

/** The acting profile's treatment plans from its providers, active ones first. */
export async function listTreatmentPlans(signal?: AbortSignal): Promise<TreatmentPlan[]> {
  return (await apiClient.get<{ data: TreatmentPlan[] }>('/customers/treatment_plans', { signal })).data.data;
}
