import { apiClient, type TourSection } from '@haven/shared';

export async function getSeenTours(): Promise<string[]> {
  return (await apiClient.get<{ seen: string[] }>('/customers/coachmarks')).data.seen;
}

export async function markTourSeen(section: TourSection): Promise<void> {
  await apiClient.put(`/customers/coachmarks/${section}`);
}
