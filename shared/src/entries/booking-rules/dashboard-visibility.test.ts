import { appVisibilityFromResponse, DEFAULT_APP_VISIBILITY } from '../../core/state/app-config';
import { dashboardSections } from './dashboard-visibility';

describe('dashboardSections (product rules, Dashboard: app visibility, defaults, member cap)', () => {
  it('Product rules, Plan visibility: defaults: therapy, psychiatry, couples and communities shown; offline off; no add member (max 0)', () => {
    expect(dashboardSections(DEFAULT_APP_VISIBILITY)).toEqual({
      therapy: true,
      psychiatry: true,
      couples: true,
      therapyOffline: false,
      psychiatryOffline: false,
      couplesOffline: false,
      communities: true,
      addMember: false,
    });
  });

  it.each([
    ['psychiatry not offered', { is_psychiatry_offered: false }, { psychiatry: false }],
    [
      'therapy not offered hides its offline variant too',
      { is_therapy_offered: false, is_therapy_offered_offline: true },
      { therapy: false, therapyOffline: false },
    ],
    [
      'offline modes on',
      { is_therapy_offered_offline: true, is_psychiatry_offered_offline: true, is_couple_therapy_offered_offline: true },
      { therapyOffline: true, psychiatryOffline: true, couplesOffline: true },
    ],
    [
      'plan 2a (online only) has no in-clinic links',
      { is_org_plan: true, plan_code: '2a', is_therapy_offered_offline: true },
      { therapy: true, therapyOffline: false },
    ],
    ['plan 2b2 keeps them', { is_org_plan: true, plan_code: '2b2', is_therapy_offered_offline: true }, { therapyOffline: true }],
    ['couples not offered', { is_couple_therapy_offered: false }, { couples: false }],
    ['communities hidden', { showcommunities: false }, { communities: false }],
    ['add member under the cap', { showaddmember: true, added_member_count: 2, max_member_count: 3 }, { addMember: true }],
    ['add member at the cap', { showaddmember: true, added_member_count: 3, max_member_count: 3 }, { addMember: false }],
    ['add member not offered', { showaddmember: false, added_member_count: 0, max_member_count: 3 }, { addMember: false }],
  ])('%s', (_case, response, expected) => {
    expect(dashboardSections(appVisibilityFromResponse(response))).toMatchObject(expected);
  });
});
