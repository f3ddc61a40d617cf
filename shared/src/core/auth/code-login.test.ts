import { http } from 'msw';
import { havenStore } from '../state/store';
import { handleCodeLogin, isCodeLoginInProgress, planCodeLogin, resumePendingPartnerLink } from './code-login';
import { hasPartnerProof } from './partner-proof';
import { pendingPartnerLink } from './pending-partner-link';
import { DEFAULT_AFTER_LOGIN_PATH } from '../rules/redirects/after-login-redirect';
import { API, apiUser, calls, credHeaders, installAuthTestKit, json, server } from './test/auth-test-kit';
import { resetRealtimeMock } from './test/realtime-mock';

jest.mock('../realtime/realtime-client', () => jest.requireActual('./test/realtime-mock').realtime);

installAuthTestKit();
beforeEach(resetRealtimeMock);

const meta = (short_code: string | null, show_card_dashboard: boolean) => ({
  company_profile: { name: 'KLI', uuid: 'org-1', short_code },
  feature_flags: { show_card_dashboard },
});
const at = (url: string) => {
  window.history.replaceState(null, '', url);
  return window.location;
};

describe('planCodeLogin (product rules, Sign-in and identity: code query)', () => {
  it.each([
    ['?code=org-1&CRNID=C1', { kind: 'crnid', code: 'org-1', crn: 'C1', authToken: null, redirectPath: null }],
    ['?code=org-1&auth_token=J&redirectPath=%2Fuser', { kind: 'token', code: 'org-1', authToken: 'J', redirectPath: '/user' }],
    ['?code=org-1&CRNID=C1&auth_token=J', { kind: 'crnid', code: 'org-1', crn: 'C1', authToken: 'J', redirectPath: null }],
    ['?code=org-1', { kind: 'none' }],
    ['?CRNID=C1', { kind: 'none' }],
    ['', { kind: 'none' }],
  ])('%s', (search, plan) => {
    expect(planCodeLogin(search)).toEqual(plan);
  });
});

describe('handleCodeLogin', () => {
  // The token tests below run as a browser that verified the company's code (its proof is stored).
  beforeEach(() => localStorage.setItem('partner_proof', JSON.stringify({ 'org-1': 'proof-1' })));

  it('auth_token before the company code is verified here: no partner session call; the link waits on the partner landing, then runs once the code is verified', async () => {
    localStorage.removeItem('partner_proof');
    server.use(
      http.post(`${API}/customers/partner_sessions`, () => json({ data: apiUser({ usertype: 'employee' }) }, 200, credHeaders)),
      http.get(`${API}/customers/organisations_integration/org-1/meta_info`, () => json({ data: meta(null, true) })),
    );
    const navigate = jest.fn();
    const result = await handleCodeLogin(at('/t-p?code=org-1&auth_token=J&redirectPath=%2Fuser'), navigate);
    expect(calls('POST', '/customers/partner_sessions')).toHaveLength(0);
    expect(result.target).toEqual({ kind: 'path', path: '/t-p' });
    expect(navigate).toHaveBeenCalledWith('/t-p');
    expect(window.location.search).not.toContain('auth_token');
    expect(pendingPartnerLink()).toEqual({ companyId: 'org-1', authToken: 'J', redirectPath: '/user' });
    expect(havenStore.getState().auth.loading).toBe(false);

    // The code form stores the proof; the link then signs in and goes where it pointed.
    localStorage.setItem('partner_proof', JSON.stringify({ 'org-1': 'proof-1' }));
    const resumed = await resumePendingPartnerLink(navigate);
    expect(JSON.parse(calls('POST', '/customers/partner_sessions')[0]?.body ?? '{}')).toEqual({
      jwt_token: 'J',
      company_profile_uuid: 'org-1',
    });
    expect(resumed?.target).toEqual({ kind: 'path', path: '/partnerdashboard' });
    expect(navigate).toHaveBeenLastCalledWith('/partnerdashboard');
    expect(pendingPartnerLink()).toBeNull();
    expect(await resumePendingPartnerLink(navigate)).toBeNull();
  });

  it('an expired proof counts as none', () => {
    const token = (exp: number) => `h.${btoa(JSON.stringify({ exp }))}.s`;
    localStorage.setItem('partner_proof', JSON.stringify({ old: token(1000), fresh: token(4_000_000_000) }));
    expect(hasPartnerProof('old')).toBe(false);
    expect(hasPartnerProof('fresh')).toBe(true);
    expect(hasPartnerProof('none')).toBe(false);
  });

  it('CRNID → kli auto-login → the card dashboard; the one-time values leave the URL', async () => {
    server.use(
      http.post(`${API}/customers/kli/auto_login`, () => json({ data: apiUser({ usertype: 'employee' }) }, 200, credHeaders)),
      http.get(`${API}/customers/organisations_integration/org-1/meta_info`, () => json({ data: meta(null, true) })),
    );
    const navigate = jest.fn();
    const result = await handleCodeLogin(at('/t-p?code=org-1&CRNID=C1&auth_token=K1&x=1'), navigate);
    // the partner's signed kli link goes with the CRN (a CRN alone is no proof of anyone)
    expect(JSON.parse(calls('POST', '/customers/kli/auto_login')[0]?.body ?? '{}')).toEqual({ crn: 'C1', jwt_token: 'K1' });
    expect(result.target).toEqual({ kind: 'path', path: '/partnerdashboard' });
    expect(navigate).toHaveBeenCalledWith('/partnerdashboard');
    expect(window.location.search).toBe('?x=1');
    expect(havenStore.getState().auth.user?.usertype).toBe('employee');
  });

  it('owns the redirect: while it runs, a page watching the store for a user must not navigate', async () => {
    server.use(
      http.post(`${API}/customers/kli/auto_login`, () => json({ data: apiUser({ usertype: 'employee' }) }, 200, credHeaders)),
      http.get(`${API}/customers/organisations_integration/org-1/meta_info`, () => json({ data: meta('kli', true) })),
    );
    let flagWhenUserSet: boolean | null = null;
    const unsubscribe = havenStore.subscribe((s, prev) => {
      if (s.auth.user && !prev.auth.user) flagWhenUserSet = isCodeLoginInProgress();
    });
    await handleCodeLogin(at('/auth/log-in/?code=org-1&CRNID=C1'), jest.fn());
    unsubscribe();
    expect(flagWhenUserSet).toBe(true);
    expect(isCodeLoginInProgress()).toBe(false);
  });

  it('CRNID with a redirectPath containing user stays on that path', async () => {
    server.use(
      http.post(`${API}/customers/kli/auto_login`, () => json({ data: apiUser({ usertype: 'employee' }) }, 200, credHeaders)),
      http.get(`${API}/customers/organisations_integration/org-1/meta_info`, () => json({ data: meta(null, true) })),
    );
    const navigate = jest.fn();
    await handleCodeLogin(at('/t-p?code=org-1&CRNID=C1&redirectPath=%2Fuser%2Fprofile'), navigate);
    expect(navigate).toHaveBeenCalledWith('/user/profile');
  });

  it('CRNID unknown (422) → the log-in page', async () => {
    server.use(http.post(`${API}/customers/kli/auto_login`, () => json({ message: 'No customer' }, 422)));
    const navigate = jest.fn();
    await handleCodeLogin(at('/t-p?code=org-1&CRNID=C404'), navigate);
    expect(navigate).toHaveBeenCalledWith('/auth/log-in/?CRNID=C404');
  });

  it('auth_token → token login → signed in to the partner subdomain (a hand-off) when it has a short_code', async () => {
    server.use(
      http.post(`${API}/customers/partner_sessions`, () => json({ data: apiUser({ usertype: 'employee' }) }, 200, credHeaders)),
      http.get(`${API}/customers/organisations_integration/org-1/meta_info`, () => json({ data: meta('kli', false) })),
      http.post(`${API}/customers/partner_handoff`, () =>
        json({ jwt_token: 'H.1', company_profile_uuid: 'org-1', short_code: 'kli', expires_in: 60 }),
      ),
    );
    const navigate = jest.fn();
    const result = await handleCodeLogin(at('/t-p?code=org-1&auth_token=J'), navigate);
    expect(result.target).toEqual({ kind: 'external', url: 'http://kli.p.localhost' });
    expect(navigate).toHaveBeenCalledWith('http://kli.p.localhost/t-p?jwt=H.1');
  });

  it('a refused hand-off keeps the user signed in here, on the business landing', async () => {
    server.use(
      http.post(`${API}/customers/partner_sessions`, () => json({ data: apiUser({ usertype: 'employee' }) }, 200, credHeaders)),
      http.get(`${API}/customers/organisations_integration/org-1/meta_info`, () => json({ data: meta('kli', false) })),
      http.post(`${API}/customers/partner_handoff`, () =>
        json({ message: 'Too many attempts. Please try again later.', code: 'rate_limited' }, 429, { 'retry-after': '30' }),
      ),
    );
    const navigate = jest.fn();
    await handleCodeLogin(at('/t-p?code=org-1&auth_token=J'), navigate);
    expect(navigate).toHaveBeenCalledWith('/org/dashboard');
  });

  it('a hostile redirectPath never leaves the origin', async () => {
    server.use(
      http.post(`${API}/customers/partner_sessions`, () => json({ data: apiUser() }, 200, credHeaders)),
      http.get(`${API}/customers/organisations_integration/org-1/meta_info`, () => json({ data: meta(null, false) })),
    );
    const navigate = jest.fn();
    await handleCodeLogin(at('/t-p?code=org-1&auth_token=J&redirectPath=%2F%2Fevil.com'), navigate);
    expect(navigate).toHaveBeenCalledWith(DEFAULT_AFTER_LOGIN_PATH);
  });
});
