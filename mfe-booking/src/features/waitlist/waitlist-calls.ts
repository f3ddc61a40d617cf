import { type Answer, apiClient, type Body } from '@haven/shared';

// Shapes from the api's OpenAPI contract (pnpm gen:api).
type JoinBody = Body<'/customers/waitlists', 'post'>;
export type Waitlist = Answer<'/customers/waitlists', 'get'>['data'][number];
export type AppNotification = Answer<'/customers/notifications', 'get'>['data'][number];

/** Joins the waitlist of a provider (or a role) for a date range with no free time; 409 when there are free times. */
export async function joinWaitlist(body: JoinBody): Promise<Waitlist> {
  const { data } = await apiClient.post<Answer<'/customers/waitlists', 'post'>>('/customers/waitlists', body);
  return data.data;
}

export async function fetchWaitlists(signal?: AbortSignal): Promise<Waitlist[]> {
  const { data } = await apiClient.get<Answer<'/customers/waitlists', 'get'>>('/customers/waitlists', { signal });
  return data.data;
}

export async function leaveWaitlist(uuid: string): Promise<void> {
  await apiClient.delete<Answer<'/customers/waitlists/{uuid}', 'delete'>>(`/customers/waitlists/${uuid}`);
}

export async function fetchNotifications(signal?: AbortSignal): Promise<AppNotification[]> {
  const { data } = await apiClient.get<Answer<'/customers/notifications', 'get'>>('/customers/notifications', { signal });
  return data.data;
}

export async function markNotificationRead(uuid: string): Promise<void> {
  await apiClient.post<Answer<'/customers/notifications/{uuid}/read', 'post'>>(`/customers/notifications/${uuid}/read`);
}
