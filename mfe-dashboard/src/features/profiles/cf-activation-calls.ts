import { apiClient, type Answer } from '@haven/shared';

/** Whether a profile may book children-first care (the POST answers the same record). */
export type CfActivation = Answer<'/customers/profiles/{uuid}/cf_activation', 'get'>['data'];

const url = (profileUuid: string) => `/customers/profiles/${encodeURIComponent(profileUuid)}/cf_activation`;

export async function getCfActivation(profileUuid: string, signal?: AbortSignal): Promise<CfActivation> {
  return (await apiClient.get<Answer<'/customers/profiles/{uuid}/cf_activation', 'get'>>(url(profileUuid), { signal })).data.data;
}

/** The parent or guardian activates the child's profile for children-first care, consenting for the child. */
export async function activateCf(profileUuid: string): Promise<CfActivation> {
  return (await apiClient.post<Answer<'/customers/profiles/{uuid}/cf_activation', 'post'>>(url(profileUuid), { guardian_consent: true }))
    .data.data;
}
