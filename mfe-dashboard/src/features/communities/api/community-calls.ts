import { apiClient } from '@haven/shared';
import type { GetJson } from '../../common/api-types';

export type Community = GetJson<'/api/v1/communities'>['data'][number];

export async function listCommunities(): Promise<Community[]> {
  return (await apiClient.get<{ data: Community[] }>('/communities')).data.data;
}
