import { addedMembersSummary } from './added-members';

describe('addedMembersSummary (product rules, Users and roles: maxMemberCount)', () => {
  it.each([
    ['not offered', { showAddMember: false, addedMemberCount: 0, maxMemberCount: 3 }, null],
    ['cap 0 (the default)', { showAddMember: true, addedMemberCount: 0, maxMemberCount: 0 }, null],
    ['room left', { showAddMember: true, addedMemberCount: 1, maxMemberCount: 3 }, { canAdd: true, text: '1 of 3 family members added' }],
    [
      'cap of one, none added',
      { showAddMember: true, addedMemberCount: 0, maxMemberCount: 1 },
      { canAdd: true, text: '0 of 1 family member added' },
    ],
    [
      'at the cap',
      { showAddMember: true, addedMemberCount: 3, maxMemberCount: 3 },
      { canAdd: false, text: '3 of 3 family members added (the most your plan allows)' },
    ],
    [
      'over the cap (cap lowered later)',
      { showAddMember: true, addedMemberCount: 5, maxMemberCount: 3 },
      { canAdd: false, text: '3 of 3 family members added (the most your plan allows)' },
    ],
  ])('%s', (_name, v, expected) => {
    expect(addedMembersSummary(v)).toEqual(expected);
  });
});
