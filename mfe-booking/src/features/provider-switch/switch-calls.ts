import { apiClient, type Provider } from '@haven/shared';

export interface Tagging {
  provider_type: string;
  provider: Provider;
}

/** Tagging details: the provider the patient is with, per provider type. */
export async function fetchTagging(signal?: AbortSignal): Promise<Tagging[]> {
  const { data } = await apiClient.get<{ data: Tagging[] }>('/customers/provider_tagging', { signal });
  return data.data;
}

/** The switch itself (with the reason), then update temp flag with the chosen provider. */
export async function switchProvider(body: { provider_id: string; provider_type: string; switch_reason: string }): Promise<Tagging[]> {
  const { data } = await apiClient.post<{ data: Tagging[] }>('/customers/provider_switch', body);
  await apiClient.patch('/customers/update_temp_flag', { provider_id: body.provider_id, provider_type: body.provider_type });
  return data.data;
}

/** Providers of one type the patient can switch to. */
export async function providersOfType(type: string, signal?: AbortSignal): Promise<Provider[]> {
  const { data } = await apiClient.get<{ data: Provider[] }>('/providers', { params: { role: type, per_page: 50 }, signal });
  return data.data;
}
