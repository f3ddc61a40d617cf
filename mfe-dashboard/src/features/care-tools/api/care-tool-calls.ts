import { type Answer, apiClient } from '@haven/shared';

export type CareTool = Answer<'/care_tools', 'get'>['data'][number];
export type AssignedTool = Answer<'/customers/assigned_tools', 'get'>['data'][number];
export type CareToolDetail = Answer<'/care_tools/{slug}', 'get'>['data'];

export async function listCareTools(): Promise<CareTool[]> {
  return (await apiClient.get<Answer<'/care_tools', 'get'>>('/care_tools')).data.data;
}
export async function listAssignedTools(): Promise<AssignedTool[]> {
  return (await apiClient.get<Answer<'/customers/assigned_tools', 'get'>>('/customers/assigned_tools')).data.data;
}
export async function getCareTool(slug: string): Promise<CareToolDetail> {
  return (await apiClient.get<Answer<'/care_tools/{slug}', 'get'>>(`/care_tools/${encodeURIComponent(slug)}`)).data.data;
}

export type ToolEntries = Answer<'/care_tools/{slug}/entries', 'get'>;
export type ToolEntry = ToolEntries['data'][number];
export type ToolField = ToolEntries['fields'][number];

/** The fields a tool asks for ([]: none) and my entries of it. */
export async function getToolEntries(slug: string): Promise<ToolEntries> {
  return (await apiClient.get<Answer<'/care_tools/{slug}/entries', 'get'>>(`/care_tools/${encodeURIComponent(slug)}/entries`)).data;
}
export async function saveToolEntry(slug: string, answers: Record<string, string | number>): Promise<ToolEntry> {
  return (
    await apiClient.post<Answer<'/care_tools/{slug}/entries', 'post'>>(`/care_tools/${encodeURIComponent(slug)}/entries`, { answers })
  ).data.data;
}
export async function deleteToolEntry(uuid: string): Promise<void> {
  await apiClient.delete<Answer<'/care_tool_entries/{uuid}', 'delete'>>(`/care_tool_entries/${encodeURIComponent(uuid)}`);
}
