import { type Answer, apiClient, type Body, type Provider } from '@haven/shared';

type SwitchBody = Body<'/customers/provider_switch', 'post'>;
/** A provider type the api switches. */
export type SwitchableType = SwitchBody['provider_type'];
// Keyed by the contract's list: a type the api adds or drops fails the typecheck here.
const SWITCHABLE: Record<SwitchableType, true> = {
  therapist: true,
  psychiatrist: true,
  couplestherapist: true,
  coach: true,
  childenfirstindia: true,
};
/** The `type=` of the page's address is one the api switches. */
export const isSwitchableType = (type: string): type is SwitchableType => Object.hasOwn(SWITCHABLE, type);

export type Tagging = Answer<'/customers/provider_tagging', 'get'>['data'][number];

/** Tagging details: the provider the patient is with, per provider type. */
export async function fetchTagging(signal?: AbortSignal): Promise<Tagging[]> {
  const { data } = await apiClient.get<Answer<'/customers/provider_tagging', 'get'>>('/customers/provider_tagging', { signal });
  return data.data;
}

/** The switch itself (with the reason), then update temp flag with the chosen provider. */
export async function switchProvider(body: SwitchBody): Promise<Tagging[]> {
  const { data } = await apiClient.post<Answer<'/customers/provider_switch', 'post'>>('/customers/provider_switch', body);
  await apiClient.patch<Answer<'/customers/update_temp_flag', 'patch'>>('/customers/update_temp_flag', {
    provider_id: body.provider_id,
    provider_type: body.provider_type,
  });
  return data.data;
}

/** Providers of one type the patient can switch to. */
export async function providersOfType(type: string, signal?: AbortSignal): Promise<Provider[]> {
  const { data } = await apiClient.get<Answer<'/providers', 'get'>>('/providers', { params: { role: type, per_page: 50 }, signal });
  return data.data;
}
