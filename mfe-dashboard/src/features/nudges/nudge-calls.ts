import { apiClient, type NudgeSection } from '@haven/shared';

export interface NudgeContent {
  section: string;
  title: string;
  body: string;
  cta: string | null;
}

/** One section; null when it has nothing to show (product rules, Dashboard: each nudge is loaded on its own). */
export async function getNudge(section: NudgeSection): Promise<NudgeContent | null> {
  return (await apiClient.get<{ data: NudgeContent | null }>(`/nudges/${section}`)).data.data;
}

export async function dismissNudge(section: NudgeSection): Promise<void> {
  await apiClient.post(`/nudges/${section}/dismiss`);
}

export async function giveNps(score: number): Promise<void> {
  await apiClient.post('/customers/nps', { score });
}

export async function giveSessionFeedback(bookingUuid: string, rating: number): Promise<void> {
  await apiClient.post(`/bookings/${encodeURIComponent(bookingUuid)}/feedback`, { rating });
}
