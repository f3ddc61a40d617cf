import { apiClient } from '@haven/shared';
import { type TourSection } from '@haven/shared/dashboard-rules';

export async function getSeenTours(): Promise<string[]> {
  return (await apiClient.get<{ seen: string[] }>('/customers/coachmarks')).data.seen;
}

export async function markTourSeen(section: TourSection): Promise<void> {
  await apiClient.put(`/customers/coachmarks/${section}`);
}
