import { apiClient } from '@haven/shared';
import type { GetJson } from '../../common/api-types';

export type ExpertItem = GetJson<'/api/v1/experts'>['data'][number];

export async function listExpertContent(): Promise<ExpertItem[]> {
  return (await apiClient.get<{ data: ExpertItem[] }>('/experts')).data.data;
}
