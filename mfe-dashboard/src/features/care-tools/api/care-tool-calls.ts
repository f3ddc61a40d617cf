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

export type ToolEntries = GetJson<'/api/v1/care_tools/{slug}/entries'>;
export type ToolEntry = ToolEntries['data'][number];
export type ToolField = ToolEntries['fields'][number];

/** The fields a tool asks for ([]: none) and my entries of it. */
export async function getToolEntries(slug: string): Promise<ToolEntries> {
  return (await apiClient.get<ToolEntries>(`/care_tools/${encodeURIComponent(slug)}/entries`)).data;
}
export async function saveToolEntry(slug: string, answers: Record<string, string | number>): Promise<ToolEntry> {
  return (await apiClient.post<{ data: ToolEntry }>(`/care_tools/${encodeURIComponent(slug)}/entries`, { answers })).data.data;
}
export async function deleteToolEntry(uuid: string): Promise<void> {
  await apiClient.delete(`/care_tool_entries/${encodeURIComponent(uuid)}`);
}
