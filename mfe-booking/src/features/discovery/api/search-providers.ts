import { apiClient, havenStore, providerSearchQuery, type Provider, type ProviderFilters } from '@haven/shared';

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

/** A public provider profile (no sign-in): bio, fees, testimonials, similar providers, next free slots. */
export type PublicProfile = Provider & {
  bio: string;
  testimonials: Array<{ author_label: string; body: string; rating: number; published_at: string }>;
  similar_providers: Provider[];
  next_slots: Array<{ start_time: string; end_time: string }>;
};

/**
 * GET /public/providers/:uuid through the providers state's profileCache (spec §3, keyed by uuid): a
 * profile opened twice in a page's life is fetched once.
 */
export async function fetchPublicProfile(uuid: string, signal?: AbortSignal): Promise<PublicProfile> {
  const cached = havenStore.getState().providers.profileCache[uuid];
  if (cached && 'testimonials' in cached) return cached as PublicProfile;
  const { data } = await apiClient.get<{ data: PublicProfile }>(`/public/providers/${encodeURIComponent(uuid)}`, { signal });
  havenStore.getState().providers.cacheProfile(data.data);
  return data.data;
}
