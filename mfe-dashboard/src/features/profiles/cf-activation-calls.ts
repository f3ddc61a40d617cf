import { apiClient } from '@haven/shared';
import type { GetJson } from '../common/api-types';

/** Whether a profile may book children-first care (the POST answers the same record). */
export type CfActivation = GetJson<'/api/v1/customers/profiles/{uuid}/cf_activation'>['data'];

const url = (profileUuid: string) => `/customers/profiles/${encodeURIComponent(profileUuid)}/cf_activation`;

export async function getCfActivation(profileUuid: string, signal?: AbortSignal): Promise<CfActivation> {
  return (await apiClient.get<{ data: CfActivation }>(url(profileUuid), { signal })).data.data;
}

/** The parent or guardian activates the child's profile for children-first care, consenting for the child. */
export async function activateCf(profileUuid: string): Promise<CfActivation> {
  return (await apiClient.post<{ data: CfActivation }>(url(profileUuid), { guardian_consent: true })).data.data;
}
