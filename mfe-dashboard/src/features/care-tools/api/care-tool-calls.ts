import { apiClient } from '@haven/shared';
import type { GetJson } from '../../common/api-types';

export type CareTool = GetJson<'/api/v1/care_tools'>['data'][number];
export type AssignedTool = GetJson<'/api/v1/customers/assigned_tools'>['data'][number];
export type CareToolDetail = GetJson<'/api/v1/care_tools/{slug}'>['data'];

export async function listCareTools(): Promise<CareTool[]> {
  return (await apiClient.get<{ data: CareTool[] }>('/care_tools')).data.data;
}
export async function listAssignedTools(): Promise<AssignedTool[]> {
  return (await apiClient.get<{ data: AssignedTool[] }>('/customers/assigned_tools')).data.data;
}
export async function getCareTool(slug: string): Promise<CareToolDetail> {
  return (await apiClient.get<{ data: CareToolDetail }>(`/care_tools/${encodeURIComponent(slug)}`)).data.data;
}
