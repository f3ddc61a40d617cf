// Multi-profile calls (product rules, Profiles and members: "Profiles response", GET profiles, DELETE profile session).
import { apiClient, SECONDARY_PROFILE_HEADER } from '@haven/shared';
import type { Answer, ApiUser, Profile } from '@haven/shared';

export async function fetchProfiles(): Promise<{
  profiles: Profile[];
  isMultiProfileUser: Answer<'/customers/profiles', 'get'>['meta']['is_multi_profile_user'];
}> {
  const { data } = await apiClient.get<Answer<'/customers/profiles', 'get'>>('/customers/profiles');
  return { profiles: Array.isArray(data.data) ? data.data : [], isMultiProfileUser: data.meta?.is_multi_profile_user === true };
}

/** Start acting as one of my profiles: the answer's header carries its secondary-profile token. */
// The token is the answer's header (SECONDARY_PROFILE_HEADER), which the contract's bodies do not type.
// eslint-disable-next-line no-restricted-syntax
export async function startProfileSession(uuid: string): Promise<{ user: ApiUser; secondaryToken: string | null }> {
  const response = await apiClient.post<Answer<'/customers/profiles/{uuid}/session', 'post'>>(
    `/customers/profiles/${encodeURIComponent(uuid)}/session`,
  );
  const header: unknown = response.headers[SECONDARY_PROFILE_HEADER];
  return { user: response.data.data, secondaryToken: typeof header === 'string' && header ? header : null };
}

export async function deleteProfileSession(): Promise<void> {
  await apiClient.delete<Answer<'/customers/profile_session', 'delete'>>('/customers/profile_session');
}

/** The saved profile, and, when a new number was named, what to tell the person (a code went to it). */
export async function updateProfileInfo(
  changes: Record<string, unknown>,
): Promise<{ user: ApiUser; codeSent: NonNullable<Answer<'/customers/profile_info', 'put'>['contact_change']>['message'] | null }> {
  const { data } = await apiClient.put<Answer<'/customers/profile_info', 'put'>>('/customers/profile_info', changes);
  return { user: data.data, codeSent: data.contact_change?.message ?? null };
}
