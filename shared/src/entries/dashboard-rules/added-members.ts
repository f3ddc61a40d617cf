// Product rules, Users and roles: "Added members are capped by maxMemberCount (default 0)" with the visibility fields
// showAddMember and addedMemberCount: what a business user is told about adding family members.
import type { AppVisibility } from '@haven/shared';

export interface AddedMembersSummary {
  /** Another member may be added now. */
  canAdd: boolean;
  text: string;
}

/** Null when the plan offers no added members (not offered, or a cap of 0). */
export function addedMembersSummary(
  v: Pick<AppVisibility, 'showAddMember' | 'addedMemberCount' | 'maxMemberCount'>,
): AddedMembersSummary | null {
  if (!v.showAddMember || v.maxMemberCount <= 0) return null;
  const added = Math.min(Math.max(0, v.addedMemberCount), v.maxMemberCount);
  const noun = v.maxMemberCount === 1 ? 'family member' : 'family members';
  const canAdd = v.addedMemberCount < v.maxMemberCount;
  return { canAdd, text: `${added} of ${v.maxMemberCount} ${noun} added${canAdd ? '' : ' (the most your plan allows)'}` };
}
