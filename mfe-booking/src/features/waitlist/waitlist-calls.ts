import { apiClient, type ApiPaths } from '@haven/shared';

// Shapes from the api's OpenAPI contract (pnpm gen:api).
type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type JoinBody = Json<ApiPaths['/api/v1/customers/waitlists']['post']['requestBody']>;
export type Waitlist = Json<ApiPaths['/api/v1/customers/waitlists']['get']['responses'][200]>['data'][number];
export type AppNotification = Json<ApiPaths['/api/v1/customers/notifications']['get']['responses'][200]>['data'][number];

/** Joins the waitlist of a provider (or a role) for a date range with no free time; 409 when there are free times. */
export async function joinWaitlist(body: JoinBody): Promise<Waitlist> {
  const { data } = await apiClient.post<{ data: Waitlist }>('/customers/waitlists', body);
  return data.data;
}

export async function fetchWaitlists(signal?: AbortSignal): Promise<Waitlist[]> {
  const { data } = await apiClient.get<{ data: Waitlist[] }>('/customers/waitlists', { signal });
  return data.data;
}

export async function leaveWaitlist(uuid: string): Promise<void> {
  await apiClient.delete(`/customers/waitlists/${uuid}`);
}

export async function fetchNotifications(signal?: AbortSignal): Promise<AppNotification[]> {
  const { data } = await apiClient.get<{ data: AppNotification[] }>('/customers/notifications', { signal });
  return data.data;
}

export async function markNotificationRead(uuid: string): Promise<void> {
  await apiClient.post(`/customers/notifications/${uuid}/read`);
}
