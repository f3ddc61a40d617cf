import { http } from 'msw';
import { reportError } from '../reporting/report-error';
import { havenStore } from '../state/store';
import type { AuthUser } from '../state/types';
import { loadAllProviders, loadConsents, providerDirectory } from './post-login';
import { API, calls, installAuthTestKit, json, server, signedIn } from './test/auth-test-kit';

jest.mock('../reporting/report-error', () => ({ reportError: jest.fn() }));

installAuthTestKit();
beforeEach(() => {
  signedIn();
  jest.mocked(reportError).mockClear();
});

const policy = { version: '2026-11-23', effective_date: '2026-11-23', url: '/privacy-policy', what_changed: 'What changed.' };
const answer = (body: object) => server.use(http.get(`${API}/customers/privacy_policy_consent_status`, () => json(body)));
const appConfig = () => havenStore.getState().appConfig;

describe('loadConsents: the new privacy policy the prompt shows (newPrivacyPolicyData)', () => {
  it('not accepted: the policy is kept for the prompt, the status with the consents (and nothing else there)', async () => {
    answer({ privacy_policy_consent_status: 'unaccepted', new_privacy_policy: policy });
    await loadConsents();
    expect(appConfig().newPrivacyPolicyData).toEqual(policy);
    expect(havenStore.getState().consent.consents).toEqual({
      privacy_policy_consent_status: 'unaccepted',
      is_tnc_checked: true,
      is_privacy_policy_checked: true,
      is_eighteen_plus_checked: true,
    });
  });

  it('accepted (here or on another device): nothing to show', async () => {
    appConfig().update({ newPrivacyPolicyData: policy });
    answer({ privacy_policy_consent_status: 'accepted', new_privacy_policy: null });
    await loadConsents();
    expect(appConfig().newPrivacyPolicyData).toBeNull();
  });

  it('a policy whose link leaves the site is not kept, and is reported', async () => {
    answer({ privacy_policy_consent_status: 'unaccepted', new_privacy_policy: { ...policy, url: '//evil.example' } });
    await loadConsents();
    expect(appConfig().newPrivacyPolicyData).toBeNull();
    expect(reportError).toHaveBeenCalled();
  });

  it('cleared at logout (with the rest of the app config)', async () => {
    answer({ privacy_policy_consent_status: 'unaccepted', new_privacy_policy: policy });
    await loadConsents();
    const { resetOnLogout } = await import('../state/store');
    resetOnLogout();
    expect(appConfig().newPrivacyPolicyData).toBeNull();
  });
});

describe("the provider list: one read shared by the log-in and later readers (the care team's coordinators)", () => {
  const therapist = { firstname: 'Meera', lastname: 'N', uuid: 'p-1', is_support_provider: false };
  const coordinator = { firstname: 'Ravi', lastname: 'K', uuid: 'p-2', is_support_provider: true };
  const asAccount = (id: number) => havenStore.getState().auth.update({ user: { id, uuid: `u-${id}` } as AuthUser });
  const dropdownReads = () => calls('GET', '/providers/dropdown_v2');
  beforeEach(() => {
    asAccount(7);
    server.use(http.get(`${API}/providers/dropdown_v2`, () => json({ data: [therapist, coordinator] })));
  });

  it('asks once, with the care coordinators; the store keeps the list without them', async () => {
    const login = loadAllProviders();
    const whileLoading = providerDirectory();
    await login;
    expect(await whileLoading).toEqual([therapist, coordinator]);
    expect(await providerDirectory()).toEqual([therapist, coordinator]);
    expect(dropdownReads()).toHaveLength(1);
    expect(Object.fromEntries(dropdownReads()[0]!.search)).toEqual({ provider_type: 'all', include_support_providers: 'true' });
    expect(havenStore.getState().auth.allProviders).toEqual([therapist]);
  });

  it('a failed read is not kept: the next reader asks again and gets the fresh list', async () => {
    server.use(http.get(`${API}/providers/dropdown_v2`, () => json({ errors: ['down'] }, 500), { once: true }));
    await loadAllProviders();
    expect(havenStore.getState().auth.allProviders).toEqual([]);
    expect(await providerDirectory()).toEqual([therapist, coordinator]);
    expect(dropdownReads()).toHaveLength(2);
  });

  it('a new log-in, or another account, reads anew', async () => {
    await loadAllProviders();
    await loadAllProviders();
    expect(dropdownReads()).toHaveLength(2);
    asAccount(8);
    await providerDirectory();
    await providerDirectory();
    expect(dropdownReads()).toHaveLength(3);
  });
});
