// Multi-profile and added members: create and delete a profile or member, know which
// profile the page acts as, and put the profile events on the bus. Switching itself is
// `switchProfile` / `endProfileSession` (profiles.ts).
// In `@haven/shared/auth-flows`: the root's things come through '@haven/shared' (see login-methods.ts).
import { apiClient, eventBus, SECONDARY_TOKEN_KEY, storageGet } from '@haven/shared';
import { loadProfiles, endProfileSession } from './profiles';
import type { Answer, ApiUser } from '@haven/shared';
import type { ProfileRelationship } from '@haven/rules';

export type ProfileKind = 'profile' | 'member';
export interface NewProfileInput {
  kind: ProfileKind;
  first_name: string;
  last_name?: string;
  date_of_birth?: string;
  /** Who the profile is for; a child's (under 18) must be 'child' or 'ward' and carry its birth date. */
  relationship?: ProfileRelationship;
}
export interface MemberPlan {
  members: ApiUser[];
  showAddMember: boolean;
  addedMemberCount: number;
  maxMemberCount: number;
}

/** Whether the page acts as a secondary profile (a secondary-profile token is stored). */
export function isActingAsSecondaryProfile(): boolean {
  return Boolean(storageGet(SECONDARY_TOKEN_KEY));
}

/** The profile the api answers for (the secondary one while its token is sent). */
export async function fetchActingProfile(): Promise<ApiUser> {
  return (await apiClient.get<Answer<'/customers/profile_info', 'get'>>('/customers/profile_info')).data.data;
}

/** Adds a profile or member; emits new_profile and refreshes the profile list. Errors go to the caller's form. */
export async function createProfile(input: NewProfileInput): Promise<ApiUser> {
  const { data } = await apiClient.post<Answer<'/customers/profiles', 'post'>>('/customers/profiles', input);
  eventBus.emit('profile:event', { name: 'new_profile', profileId: data.data.uuid });
  await loadProfiles();
  return data.data;
}

/**
 * Deletes a profile or member (the api deletes its documents and journal and cancels its upcoming
 * sessions). When the page was acting as it, it acts as the primary profile again.
 */
export async function deleteProfile(uuid: string, actingUuid: string | null): Promise<void> {
  await apiClient.delete<Answer<'/customers/profiles/{uuid}', 'delete'>>(`/customers/profiles/${encodeURIComponent(uuid)}`);
  eventBus.emit('profile:event', { name: 'delete_profile', profileId: uuid });
  if (actingUuid === uuid) await endProfileSession();
  await loadProfiles();
}

export async function fetchMemberPlan(): Promise<MemberPlan> {
  const { data } = await apiClient.get<Answer<'/customers/members', 'get'>>('/customers/members');
  return {
    members: data.data,
    showAddMember: data.meta.show_add_member,
    addedMemberCount: data.meta.added_member_count,
    maxMemberCount: data.meta.max_member_count,
  };
}

/** Whether another member may be added: the plan shows the feature and the cap is not reached (product rules, Users and roles). */
export function canAddMember(plan: Pick<MemberPlan, 'showAddMember' | 'addedMemberCount' | 'maxMemberCount'>): boolean {
  return plan.showAddMember && plan.addedMemberCount < plan.maxMemberCount;
}
