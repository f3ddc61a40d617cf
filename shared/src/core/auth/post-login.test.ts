import { http } from 'msw';
import { reportError } from '../reporting/report-error';
import { havenStore } from '../state/store';
import { loadConsents } from './post-login';
import { API, installAuthTestKit, json, server, signedIn } from './test/auth-test-kit';

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
