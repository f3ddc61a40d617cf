import { type Answer, apiClient, type NudgeSection } from '@haven/shared';

export type NudgeContent = NonNullable<Answer<'/nudges/{section}', 'get'>['data']>;

/** One section; null when it has nothing to show (product rules, Dashboard: each nudge is loaded on its own). */
export async function getNudge(section: NudgeSection): Promise<NudgeContent | null> {
  return (await apiClient.get<Answer<'/nudges/{section}', 'get'>>(`/nudges/${section}`)).data.data;
}

export async function dismissNudge(section: NudgeSection): Promise<void> {
  await apiClient.post<Answer<'/nudges/{section}/dismiss', 'post'>>(`/nudges/${section}/dismiss`);
}

export async function giveNps(score: number): Promise<void> {
  await apiClient.post<Answer<'/customers/nps', 'post'>>('/customers/nps', { score });
}

export async function giveSessionFeedback(bookingUuid: string, rating: number): Promise<void> {
  await apiClient.post<Answer<'/bookings/{uuid}/feedback', 'post'>>(`/bookings/${encodeURIComponent(bookingUuid)}/feedback`, { rating });
}
