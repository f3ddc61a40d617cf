import { apiClient } from '@haven/shared';

export const MOODS = ['great', 'good', 'okay', 'low', 'bad'] as const;
export type Mood = (typeof MOODS)[number];

export interface JournalEntry {
  uuid: string;
  title: string;
  body: string;
  mood: string | null;
  created_at: string;
}

export interface JournalInput {
  title: string;
  body: string;
  mood?: Mood;
}

export async function listEntries(): Promise<JournalEntry[]> {
  return (await apiClient.get<{ data: JournalEntry[] }>('/journal_entries')).data.data;
}

export async function saveEntry(uuid: string | null, input: JournalInput): Promise<JournalEntry> {
  const response = uuid
    ? await apiClient.put<{ data: JournalEntry }>(`/journal_entries/${encodeURIComponent(uuid)}`, input)
    : await apiClient.post<{ data: JournalEntry }>('/journal_entries', input);
  return response.data.data;
}

export async function deleteEntry(uuid: string): Promise<void> {
  await apiClient.delete(`/journal_entries/${encodeURIComponent(uuid)}`);
}
