import { apiClient, type ApiPaths, type Provider } from '@haven/shared';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
export type CoordinatorRequestBody = Json<ApiPaths['/api/v1/customers/care_coordinator_requests']['post']['requestBody']>;
export type CoordinatorRequest = Json<ApiPaths['/api/v1/customers/care_coordinator_requests']['get']['responses'][200]>['data'][number];

/** The care coordinators (providers dropdown v2 with include_support_providers, product rules, Providers and fees). */
export async function fetchCoordinators(signal?: AbortSignal): Promise<Provider[]> {
  const { data } = await apiClient.get<{ data: Provider[] }>('/providers/dropdown_v2', {
    params: { provider_type: 'care-coordinator', include_support_providers: true },
    signal,
  });
  return data.data;
}

export async function fetchCoordinatorRequests(signal?: AbortSignal): Promise<CoordinatorRequest[]> {
  const { data } = await apiClient.get<{ data: CoordinatorRequest[] }>('/customers/care_coordinator_requests', { signal });
  return data.data;
}

export async function writeToCoordinator(body: CoordinatorRequestBody): Promise<CoordinatorRequest> {
  const { data } = await apiClient.post<{ data: CoordinatorRequest }>('/customers/care_coordinator_requests', body);
  return data.data;
}
