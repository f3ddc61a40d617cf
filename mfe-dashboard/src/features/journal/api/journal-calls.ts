import { type Answer, apiClient, type Body } from '@haven/shared';

export const MOODS = ['great', 'good', 'okay', 'low', 'bad'] as const;
export type Mood = (typeof MOODS)[number];

export type JournalEntry = Answer<'/journal_entries', 'get'>['data'][number];

export type JournalInput = Body<'/journal_entries', 'post'>;

export async function listEntries(): Promise<JournalEntry[]> {
  return (await apiClient.get<Answer<'/journal_entries', 'get'>>('/journal_entries')).data.data;
}

export async function saveEntry(uuid: string | null, input: JournalInput): Promise<JournalEntry> {
  const response = uuid
    ? await apiClient.put<Answer<'/journal_entries/{uuid}', 'put'>>(`/journal_entries/${encodeURIComponent(uuid)}`, input)
    : await apiClient.post<Answer<'/journal_entries', 'post'>>('/journal_entries', input);
  return response.data.data;
}

export async function deleteEntry(uuid: string): Promise<void> {
  await apiClient.delete<Answer<'/journal_entries/{uuid}', 'delete'>>(`/journal_entries/${encodeURIComponent(uuid)}`);
}
