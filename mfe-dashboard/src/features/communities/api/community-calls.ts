import { apiClient } from '@haven/shared';
import type { GetJson } from '../../common/api-types';

export type Community = GetJson<'/api/v1/communities'>['data'][number];

export async function listCommunities(): Promise<Community[]> {
  return (await apiClient.get<{ data: Community[] }>('/communities')).data.data;
}

export type CommunityDetail = GetJson<'/api/v1/communities/{slug}'>['data'];
export type CommunityProfile = NonNullable<GetJson<'/api/v1/communities/profile'>['data']>;

export async function getCommunity(slug: string): Promise<CommunityDetail> {
  return (await apiClient.get<{ data: CommunityDetail }>(`/communities/${encodeURIComponent(slug)}`)).data.data;
}
export async function getCommunityProfile(): Promise<CommunityProfile | null> {
  return (await apiClient.get<{ data: CommunityProfile | null }>('/communities/profile')).data.data;
}
/** The username check: whether I may use it, and the rule's words when not. */
export async function checkUsername(username: string): Promise<{ available: boolean; message: string | null }> {
  return (await apiClient.get<{ available: boolean; message: string | null }>('/communities/username_check', { params: { username } }))
    .data;
}
export async function saveCommunityProfile(username: string): Promise<CommunityProfile> {
  return (await apiClient.put<{ data: CommunityProfile }>('/communities/profile', { username })).data.data;
}
export async function joinCommunity(slug: string): Promise<CommunityDetail> {
  return (await apiClient.post<{ data: CommunityDetail }>(`/communities/${encodeURIComponent(slug)}/members`)).data.data;
}
export async function leaveCommunity(slug: string): Promise<CommunityDetail> {
  return (await apiClient.delete<{ data: CommunityDetail }>(`/communities/${encodeURIComponent(slug)}/members`)).data.data;
}
