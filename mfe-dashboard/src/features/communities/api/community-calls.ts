import { type Answer, apiClient } from '@haven/shared';

export type Community = Answer<'/communities', 'get'>['data'][number];

export async function listCommunities(): Promise<Community[]> {
  return (await apiClient.get<Answer<'/communities', 'get'>>('/communities')).data.data;
}

export type CommunityDetail = Answer<'/communities/{slug}', 'get'>['data'];
export type CommunityProfile = NonNullable<Answer<'/communities/profile', 'get'>['data']>;

export async function getCommunity(slug: string): Promise<CommunityDetail> {
  return (await apiClient.get<Answer<'/communities/{slug}', 'get'>>(`/communities/${encodeURIComponent(slug)}`)).data.data;
}
export async function getCommunityProfile(): Promise<CommunityProfile | null> {
  return (await apiClient.get<Answer<'/communities/profile', 'get'>>('/communities/profile')).data.data;
}
/** The username check: whether I may use it, and the rule's words when not. */
export async function checkUsername(username: string): Promise<Answer<'/communities/username_check', 'get'>> {
  return (await apiClient.get<Answer<'/communities/username_check', 'get'>>('/communities/username_check', { params: { username } })).data;
}
export async function saveCommunityProfile(username: string): Promise<CommunityProfile> {
  return (await apiClient.put<Answer<'/communities/profile', 'put'>>('/communities/profile', { username })).data.data;
}
export async function joinCommunity(slug: string): Promise<CommunityDetail> {
  return (await apiClient.post<Answer<'/communities/{slug}/members', 'post'>>(`/communities/${encodeURIComponent(slug)}/members`)).data
    .data;
}
export async function leaveCommunity(slug: string): Promise<CommunityDetail> {
  return (await apiClient.delete<Answer<'/communities/{slug}/members', 'delete'>>(`/communities/${encodeURIComponent(slug)}/members`)).data
    .data;
}
