import { type Answer, apiClient } from '@haven/shared';

export type ExpertItem = Answer<'/experts', 'get'>['data'][number];

export async function listExpertContent(): Promise<ExpertItem[]> {
  return (await apiClient.get<Answer<'/experts', 'get'>>('/experts')).data.data;
}
