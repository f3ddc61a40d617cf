import { apiClient, providerSearchQuery, type Provider, type ProviderFilters } from '@haven/shared';

/** GET /providers with the filters of the URL (spec §7 provider search). */
export async function searchProviders(filters: ProviderFilters, signal?: AbortSignal): Promise<Provider[]> {
  const { data } = await apiClient.get<{ data: Provider[] }>('/providers', { params: { ...providerSearchQuery(filters), per_page: 50 }, signal });
  return data.data;
}

/** GET /providers/:uuid (provider detail). */
export async function fetchProvider(uuid: string, signal?: AbortSignal): Promise<Provider> {
  const { data } = await apiClient.get<{ data: Provider }>(`/providers/${encodeURIComponent(uuid)}`, { signal });
  return data.data;
}
