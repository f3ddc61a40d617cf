// Spec §3 appVisibility and §6 "Added members are capped by maxMemberCount": which parts of the
// patient's home their plan offers.
import type { AppVisibility } from '../state/app-config';

export interface DashboardSections {
  therapy: boolean;
  psychiatry: boolean;
  couples: boolean;
  therapyOffline: boolean;
  psychiatryOffline: boolean;
  couplesOffline: boolean;
  communities: boolean;
  /** The add-member control: offered and under the cap. */
  addMember: boolean;
}

export function dashboardSections(v: AppVisibility): DashboardSections {
  return {
    therapy: v.isTherapyOffered,
    psychiatry: v.isPsychiatryOffered,
    couples: v.isCoupleTherapyOffered,
    // An offline variant only exists where the online offering does.
    therapyOffline: v.isTherapyOffered && v.isTherapyOfferedOffline,
    psychiatryOffline: v.isPsychiatryOffered && v.isPsychiatryOfferedOffline,
    couplesOffline: v.isCoupleTherapyOffered && v.isCoupleTherapyOfferedOffline,
    communities: v.showCommunities,
    addMember: v.showAddMember && v.addedMemberCount < v.maxMemberCount,
  };
}
