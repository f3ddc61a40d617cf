import { type Answer, apiClient, type Provider } from '@haven/shared';

/** GET /providers, no filter: the first page, which the api orders lowest price tier first. */
export async function fetchListedProviders(signal?: AbortSignal): Promise<Provider[]> {
  const { data } = await apiClient.get<Answer<'/providers', 'get'>>('/providers', { params: { per_page: 50 }, signal });
  return data.data;
}
