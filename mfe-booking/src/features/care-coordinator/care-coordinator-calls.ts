import { type Answer, apiClient, type Provider, type Body } from '@haven/shared';

export type CoordinatorRequestBody = Body<'/customers/care_coordinator_requests', 'post'>;
export type CoordinatorRequest = Answer<'/customers/care_coordinator_requests', 'get'>['data'][number];

/** The care coordinators (providers dropdown v2 with include_support_providers, product rules, Providers and fees). */
export async function fetchCoordinators(signal?: AbortSignal): Promise<Provider[]> {
  const { data } = await apiClient.get<Answer<'/providers/dropdown_v2', 'get'>>('/providers/dropdown_v2', {
    params: { provider_type: 'care-coordinator', include_support_providers: true },
    signal,
  });
  return data.data;
}

export async function fetchCoordinatorRequests(signal?: AbortSignal): Promise<CoordinatorRequest[]> {
  const { data } = await apiClient.get<Answer<'/customers/care_coordinator_requests', 'get'>>('/customers/care_coordinator_requests', {
    signal,
  });
  return data.data;
}

export async function writeToCoordinator(body: CoordinatorRequestBody): Promise<CoordinatorRequest> {
  const { data } = await apiClient.post<Answer<'/customers/care_coordinator_requests', 'post'>>(
    '/customers/care_coordinator_requests',
    body,
  );
  return data.data;
}
