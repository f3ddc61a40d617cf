import { apiClient } from '@haven/shared';
import type { GetJson } from '../../common/api-types';

export type Journey = GetJson<'/api/v1/customers/journey'>['data'];

export async function getJourney(): Promise<Journey> {
  return (await apiClient.get<{ data: Journey }>('/customers/journey')).data.data;
}
