import { type Answer, apiClient } from '@haven/shared';
import { type TourSection } from '@haven/shared/dashboard-rules';

export async function getSeenTours(): Promise<string[]> {
  return (await apiClient.get<Answer<'/customers/coachmarks', 'get'>>('/customers/coachmarks')).data.seen;
}

export async function markTourSeen(section: TourSection): Promise<void> {
  await apiClient.put<Answer<'/customers/coachmarks/{section}', 'put'>>(`/customers/coachmarks/${section}`);
}
