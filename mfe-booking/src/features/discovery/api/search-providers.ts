import { type Answer, apiClient, havenStore, type Provider } from '@haven/shared';
import { providerSearchQuery, type ProviderFilters } from '@haven/shared/booking-rules';

/** GET /providers with the filters of the URL (the provider search). */
export async function searchProviders(filters: ProviderFilters, signal?: AbortSignal): Promise<Provider[]> {
  const { data } = await apiClient.get<Answer<'/providers', 'get'>>('/providers', {
    params: { ...providerSearchQuery(filters), per_page: 50 },
    signal,
  });
  return data.data;
}

/** GET /providers/:uuid (provider detail). */
export async function fetchProvider(uuid: string, signal?: AbortSignal): Promise<Provider> {
  const { data } = await apiClient.get<Answer<'/providers/{uuid}', 'get'>>(`/providers/${encodeURIComponent(uuid)}`, { signal });
  return data.data;
}

/** A public provider profile (no sign-in): bio, fees, testimonials, similar providers, next free slots (the api contract's type). */
export type PublicProfile = Answer<'/public/providers/{uuid}', 'get'>['data'];

/**
 * GET /public/providers/:uuid through the providers state's profileCache (keyed by uuid): a
 * profile opened twice in a page's life is fetched once.
 */
export async function fetchPublicProfile(uuid: string, signal?: AbortSignal): Promise<PublicProfile> {
  const cached = havenStore.getState().providers.profileCache[uuid];
  if (cached && 'similar_providers' in cached) return cached as PublicProfile;
  const { data } = await apiClient.get<Answer<'/public/providers/{uuid}', 'get'>>(`/public/providers/${encodeURIComponent(uuid)}`, {
    signal,
  });
  havenStore.getState().providers.cacheProfile(data.data);
  return data.data;
}
