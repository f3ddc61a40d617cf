// App config state (product rules, What the client keeps) with the appVisibility defaults. Persisted except the two
// transient loading flags, so a reload never starts in a stale "loaded" state.
import { isBool, isNum, isObj, isStr, nullable, shapeOf, type Shape } from './validate';
import { baseActions, type SliceActions, type SliceApi } from './slice';
import type { Organisation } from './organisation';
import { isNewPrivacyPolicyOrNull, type NewPrivacyPolicy } from './new-privacy-policy';

export interface AppVisibility {
  isTherapyOffered: boolean;
  isPsychiatryOffered: boolean;
  isCoupleTherapyOffered: boolean;
  showCommunities: boolean;
  isTherapyOfferedOffline: boolean;
  isPsychiatryOfferedOffline: boolean;
  isCoupleTherapyOfferedOffline: boolean;
  showAddMember: boolean;
  addedMemberCount: number;
  maxMemberCount: number;
  /** On an organisation's plan (the flags limit booking); false for a self-paying patient. */
  isOrgPlan: boolean;
  /** The plan's code (2a, 2b2, 2b3), or null. */
  planCode: string | null;
}

/** Product rules, Errors and messages: therapy, psychiatry, couple therapy and communities shown; offline modes off; maxMemberCount 0. */
export const DEFAULT_APP_VISIBILITY: AppVisibility = {
  isTherapyOffered: true,
  isPsychiatryOffered: true,
  isCoupleTherapyOffered: true,
  showCommunities: true,
  isTherapyOfferedOffline: false,
  isPsychiatryOfferedOffline: false,
  isCoupleTherapyOfferedOffline: false,
  showAddMember: false,
  addedMemberCount: 0,
  maxMemberCount: 0,
  isOrgPlan: false,
  planCode: null,
};

/** The app-visibility answer (product rules, Plan visibility). */
export interface AppVisibilityResponse {
  is_therapy_offered?: boolean;
  is_psychiatry_offered?: boolean;
  is_therapy_offered_offline?: boolean;
  is_psychiatry_offered_offline?: boolean;
  is_couple_therapy_offered?: boolean;
  is_couple_therapy_offered_offline?: boolean;
  showaddmember?: boolean;
  showcommunities?: boolean;
  added_member_count?: number;
  max_member_count?: number;
  is_org_plan?: boolean;
  plan_code?: string | null;
}

/** Maps the answer onto the state; a field the answer lacks keeps its default. */
export function appVisibilityFromResponse(r: AppVisibilityResponse): AppVisibility {
  const d = DEFAULT_APP_VISIBILITY;
  return {
    isTherapyOffered: r.is_therapy_offered ?? d.isTherapyOffered,
    isPsychiatryOffered: r.is_psychiatry_offered ?? d.isPsychiatryOffered,
    isCoupleTherapyOffered: r.is_couple_therapy_offered ?? d.isCoupleTherapyOffered,
    showCommunities: r.showcommunities ?? d.showCommunities,
    isTherapyOfferedOffline: r.is_therapy_offered_offline ?? d.isTherapyOfferedOffline,
    isPsychiatryOfferedOffline: r.is_psychiatry_offered_offline ?? d.isPsychiatryOfferedOffline,
    isCoupleTherapyOfferedOffline: r.is_couple_therapy_offered_offline ?? d.isCoupleTherapyOfferedOffline,
    showAddMember: r.showaddmember ?? d.showAddMember,
    addedMemberCount: r.added_member_count ?? d.addedMemberCount,
    maxMemberCount: r.max_member_count ?? d.maxMemberCount,
    isOrgPlan: r.is_org_plan ?? d.isOrgPlan,
    planCode: r.plan_code ?? d.planCode,
  };
}

export interface AppConfigData {
  appLoaded: boolean;
  hideBackBtn: boolean;
  /** The signed-in person's organisation (organisation.ts); stored as company_details, not under the store's key. */
  orgData: Organisation | null;
  isCfUser: boolean;
  attributionsLoading: boolean;
  newPrivacyPolicyAccepted: boolean;
  cfUserConfig: Record<string, unknown> | null;
  /** What the new-privacy-policy prompt shows, while the policy is not accepted (new-privacy-policy.ts). */
  newPrivacyPolicyData: NewPrivacyPolicy | null;
  appVisibility: AppVisibility;
}

export type AppConfigSlice = AppConfigData & SliceActions<AppConfigData>;

export const initialAppConfig: AppConfigData = {
  appLoaded: false,
  hideBackBtn: false,
  orgData: null,
  isCfUser: false,
  attributionsLoading: false,
  newPrivacyPolicyAccepted: false,
  cfUserConfig: null,
  newPrivacyPolicyData: null,
  appVisibility: DEFAULT_APP_VISIBILITY,
};

const visibilityShape: Shape<AppVisibility> = {
  isTherapyOffered: isBool,
  isPsychiatryOffered: isBool,
  isCoupleTherapyOffered: isBool,
  showCommunities: isBool,
  isTherapyOfferedOffline: isBool,
  isPsychiatryOfferedOffline: isBool,
  isCoupleTherapyOfferedOffline: isBool,
  showAddMember: isBool,
  addedMemberCount: isNum,
  maxMemberCount: isNum,
  isOrgPlan: isBool,
  planCode: nullable(isStr),
};

export const appConfigPersisted: Shape<AppConfigData> = {
  hideBackBtn: isBool,
  isCfUser: isBool,
  newPrivacyPolicyAccepted: isBool,
  cfUserConfig: nullable(isObj),
  newPrivacyPolicyData: isNewPrivacyPolicyOrNull,
  appVisibility: shapeOf(visibilityShape),
};

export function createAppConfigSlice(api: SliceApi<AppConfigData>): AppConfigSlice {
  return { ...initialAppConfig, ...baseActions(api, initialAppConfig) };
}
