// Product rules, Plan visibility: appVisibility and "Added members are capped by maxMemberCount": which parts of the
// patient's home their plan offers.
import type { AppVisibility } from '@haven/shared';
import { bookingOptions } from '@haven/rules';

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
  // A plan whose code covers no clinic city (2a) has no in-clinic links either.
  const clinics = !v.isOrgPlan || bookingOptions(v).offlineCities.length > 0;
  return {
    therapy: v.isTherapyOffered,
    psychiatry: v.isPsychiatryOffered,
    couples: v.isCoupleTherapyOffered,
    // An offline variant only exists where the online offering does.
    therapyOffline: v.isTherapyOffered && v.isTherapyOfferedOffline && clinics,
    psychiatryOffline: v.isPsychiatryOffered && v.isPsychiatryOfferedOffline && clinics,
    couplesOffline: v.isCoupleTherapyOffered && v.isCoupleTherapyOfferedOffline && clinics,
    communities: v.showCommunities,
    addMember: v.showAddMember && v.addedMemberCount < v.maxMemberCount,
  };
}
