import { type Answer, apiClient, type Query, isNativeWebview, providerDirectory, type Provider } from '@haven/shared';
import { myProvidersQuery } from '@haven/shared/booking-rules';

export type MyProvider = Answer<'/customers/my_providers', 'get'>['data'][number];
/** The sections the care team shows (of those the contract's section query takes). */
export type SuggestedSection = Extract<Query<'/customers/suggested_providers', 'get'>['section'], 'therapy' | 'psychiatry' | 'couples'>;

/** GET my providers (product rules, Providers and fees): with a nocache stamp inside the apps' webviews. */
export async function getMyProviders(signal?: AbortSignal): Promise<MyProvider[]> {
  const params = myProvidersQuery(isNativeWebview(), Date.now());
  return (await apiClient.get<Answer<'/customers/my_providers', 'get'>>('/customers/my_providers', { params, signal })).data.data;
}

/**
 * The care coordinators a patient may book or contact (product rules, Providers and fees: providers dropdown v2 with
 * include_support_providers): from the provider list the log-in loaded, not a second request for it.
 */
export async function getCareCoordinators(): Promise<Provider[]> {
  return (await providerDirectory()).filter((p) => p.is_support_provider);
}

export async function getSuggestedProviders(section: SuggestedSection, signal?: AbortSignal): Promise<Provider[]> {
  return (
    await apiClient.get<Answer<'/customers/suggested_providers', 'get'>>('/customers/suggested_providers', { params: { section }, signal })
  ).data.data;
}

export async function getSavedProviders(signal?: AbortSignal): Promise<Provider[]> {
  return (await apiClient.get<Answer<'/customers/saved_providers', 'get'>>('/customers/saved_providers', { signal })).data.data;
}

export async function setSaved(uuid: string, saved: boolean): Promise<void> {
  const path = `/customers/saved_providers/${encodeURIComponent(uuid)}`;
  if (saved) await apiClient.put<Answer<'/customers/saved_providers/{uuid}', 'put'>>(path);
  else await apiClient.delete<Answer<'/customers/saved_providers/{uuid}', 'delete'>>(path);
}
