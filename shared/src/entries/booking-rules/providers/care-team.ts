/**
 * "My care team" from roles `mytherapist`, `mypsychiatrist`, `my_couple_therapist`
 * (the patient's current providers) and "GET my providers … nocache timestamp inside native webviews".
 */
export type CareTeamRole = 'mytherapist' | 'mypsychiatrist' | 'my_couple_therapist';

/** The care-team role a tagged provider type stands for (others, e.g. coach, are not on the team). */
const ROLE_FOR_TYPE: Record<string, CareTeamRole> = {
  therapist: 'mytherapist',
  psychiatrist: 'mypsychiatrist',
  couplestherapist: 'my_couple_therapist',
};
export const CARE_TEAM_ROLES: readonly CareTeamRole[] = ['mytherapist', 'mypsychiatrist', 'my_couple_therapist'];
export const CARE_TEAM_LABELS: Readonly<Record<CareTeamRole, string>> = {
  mytherapist: 'Your therapist',
  mypsychiatrist: 'Your psychiatrist',
  my_couple_therapist: 'Your couples therapist',
};

export function careTeamRole(providerType: string | null | undefined): CareTeamRole | null {
  return (providerType && ROLE_FOR_TYPE[providerType]) || null;
}

/** One provider per care-team role, in the order therapist, psychiatrist, couples therapist. */
export function careTeam<T extends { provider_type: string }>(providers: readonly T[]): Array<{ role: CareTeamRole; provider: T }> {
  return CARE_TEAM_ROLES.flatMap((role) => {
    const provider = providers.find((p) => careTeamRole(p.provider_type) === role);
    return provider ? [{ role, provider }] : [];
  });
}

/** Query of GET my providers: a `nocache` stamp inside the apps' webviews (their caches keep answers), none elsewhere. */
export function myProvidersQuery(inNativeWebview: boolean, now: number): Record<string, string> {
  return inNativeWebview ? { nocache: String(now) } : {};
}
