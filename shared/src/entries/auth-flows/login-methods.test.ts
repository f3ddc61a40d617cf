import { http, HttpResponse } from 'msw';
import { getCredentials } from '../../core/credentials/credential-store';
import { eventBus } from '../../core/events/event-bus';
import { havenStore } from '../../core/state/store';
import { toast } from '../../core/ui/ToastHost/ToastHost';
import {
  loginWithB2bLink,
  loginWithCrnid,
  loginWithGoogle,
  loginWithPassword,
  loginWithToken,
  OTP_EXPIRED_MESSAGE,
  partnerLogin,
  reportGooglePopupError,
  requestOtp,
  verifyOtp,
} from './login-methods';
import { API, apiUser, calls, credHeaders, installAuthTestKit, json, server } from '../../core/auth/test/auth-test-kit';
import { PRESENCE_WAIT_MS } from '../../core/auth/complete-login';
import { realtime, resetRealtimeMock } from '../../core/auth/test/realtime-mock';

jest.mock('../../core/realtime/realtime-client', () => jest.requireActual('../../core/auth/test/realtime-mock').realtime);

installAuthTestKit();
let toastError: jest.SpyInstance;
beforeEach(() => {
  resetRealtimeMock();
  toastError = jest.spyOn(toast, 'error').mockImplementation(() => 'id');
});
afterEach(() => toastError.mockRestore());

const auth = () => havenStore.getState().auth;
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('login outcome (product rules, Sign-in and identity): loading, then success or auth error', () => {
  it('password login: loading true during the call, then the whole success sequence', async () => {
    let loadingDuringCall: boolean | undefined;
    server.use(
      http.post(`${API}/auth/sign_in`, () => {
        loadingDuringCall = auth().loading;
        return json({ data: apiUser({ email: 'asha@example.com' }) }, 200, credHeaders);
      }),
    );
    const onLogin = jest.fn();
    const off = eventBus.on('auth:login', onLogin);
    const outcome = await loginWithPassword(' asha@example.com ', 'secret-123');
    off();
    await flush();

    expect(loadingDuringCall).toBe(true);
    expect(outcome).toMatchObject({ ok: true, user: { id: 7 } });
    expect(JSON.parse(calls('POST', '/auth/sign_in')[0]?.body ?? '{}')).toMatchObject({
      email: 'asha@example.com',
      password: 'secret-123',
      device_info: { logged_in_location: { country: 'India' } },
    });
    expect(getCredentials()).toMatchObject({ 'access-token': 'tok-2', client: 'cl-1' });
    // realtime session with fb_token, Status/{uid} Online
    expect(realtime.signInRealtime).toHaveBeenCalledWith('fb-token-7');
    expect(realtime.setStatus).toHaveBeenCalledWith('uid-of-fb-token-7', 'Online');
    // users/{firebaseid}: the web's own fields only (update, so the apps' course and gaid stay)
    expect(realtime.updateRecord).toHaveBeenCalledWith('users/uid-of-fb-token-7', {
      appVersion: null,
      appConfig: { platform: 'desktop_browser' },
    });
    // login flag, customer id, event bus
    expect(localStorage.getItem('loginstatus')).toBe('true');
    expect(localStorage.getItem('customer_id')).toBe('7');
    expect(onLogin).toHaveBeenCalledWith({ user: expect.objectContaining({ id: 7 }) });
    expect(auth()).toMatchObject({ loading: false, error: null, user: { id: 7 }, firebaseUser: { uid: 'uid-of-fb-token-7' } });
    // provider list and consent state loaded
    expect(auth().allProviders).toEqual([{ firstname: 'Meera', lastname: 'N', uuid: 'p-1' }]);
    expect(calls('GET', '/providers/dropdown_v2')[0]?.search.get('provider_type')).toBe('all');
    expect(havenStore.getState().consent).toMatchObject({
      loadingConsents: false,
      consents: {
        privacy_policy_consent_status: 'accepted',
        is_tnc_checked: true,
        is_privacy_policy_checked: true,
        is_eighteen_plus_checked: true,
      },
    });
    expect(sessionStorage.getItem('skip_analytics')).toBeNull();
  });

  it('wrong password: auth error with the server message, no user', async () => {
    server.use(
      http.post(`${API}/auth/sign_in`, () =>
        json({ message: 'Invalid login credentials. Please try again.', errors: ['Invalid login credentials. Please try again.'] }, 422),
      ),
    );
    const outcome = await loginWithPassword('asha@example.com', 'nope');
    expect(outcome).toEqual(expect.objectContaining({ ok: false, reason: 'auth', error: 'Invalid login credentials. Please try again.' }));
    expect(auth()).toMatchObject({ loading: false, user: null, error: 'Invalid login credentials. Please try again.' });
    expect(realtime.signInRealtime).not.toHaveBeenCalled();
  });

  it.each(['clinician', 'cf_clinician'])('a %s does not log in: clinician toast, logout runs', async (usertype) => {
    server.use(http.post(`${API}/auth/sign_in`, () => json({ data: apiUser({ usertype }) }, 200, credHeaders)));
    const navigate = jest.fn();
    const outcome = await loginWithPassword('doc@example.com', 'secret-123', { navigate });
    expect(outcome).toMatchObject({ ok: false, reason: 'clinician' });
    expect(toastError).toHaveBeenCalledWith(expect.stringMatching(/clinician/i));
    expect(calls('DELETE', '/customers/logout')).toHaveLength(1);
    expect(getCredentials()).toBeNull();
    expect(auth().user).toBeNull();
    expect(realtime.signInRealtime).not.toHaveBeenCalled();
    expect(localStorage.getItem('loginstatus')).toBe('false');
    expect(navigate).toHaveBeenCalledWith('/auth/log-in/?redirectPath=%2Ft-p');
  });

  it("realtime sign-in failure → auth error 'Error on Login with firebase'", async () => {
    server.use(http.post(`${API}/auth/sign_in`, () => json({ data: apiUser() }, 200, credHeaders)));
    realtime.signInRealtime.mockRejectedValueOnce(new Error('auth/invalid-custom-token'));
    const outcome = await loginWithPassword('asha@example.com', 'secret-123');
    expect(outcome).toMatchObject({ ok: false, reason: 'firebase', error: 'Error on Login with firebase' });
    expect(auth()).toMatchObject({ loading: false, user: null, error: 'Error on Login with firebase' });
    expect(localStorage.getItem('loginstatus')).toBeNull();
  });

  it('a presence write the realtime server never answers: logged in after PRESENCE_WAIT_MS, the wait reported', async () => {
    server.use(http.post(`${API}/auth/sign_in`, () => json({ data: apiUser() }, 200, credHeaders)));
    realtime.setStatus.mockImplementationOnce(() => new Promise<undefined>(() => undefined));
    const reported = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    // Fake timers that also move with real time, so the sign-in's request is answered as usual.
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const login = loginWithPassword('asha@example.com', 'secret-123');
      while (realtime.setStatus.mock.calls.length === 0) await jest.advanceTimersByTimeAsync(10);
      await jest.advanceTimersByTimeAsync(PRESENCE_WAIT_MS - 100);
      expect(reported).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(100);
      expect(await login).toMatchObject({ ok: true, user: { id: 7 } });
    } finally {
      jest.useRealTimers();
    }
    expect(reported).toHaveBeenCalledWith(
      '[haven]',
      expect.objectContaining({ message: expect.stringContaining('status online: no answer') }),
      expect.anything(),
    );
    reported.mockRestore();
  });

  it("a business user's partner meta info is loaded before the user is set (the redirect rules read it)", async () => {
    const meta = { company_profile: { name: 'Acme', uuid: 'org-acme', short_code: 'acme' }, feature_flags: { show_card_dashboard: true } };
    let metaWhenUserSet: unknown = 'unset';
    const unsubscribe = havenStore.subscribe((s, prev) => {
      if (s.auth.user && !prev.auth.user) metaWhenUserSet = s.auth.partnerMetaInfo;
    });
    server.use(
      http.post(`${API}/auth/sign_in`, () =>
        json({ data: apiUser({ usertype: 'employee', organisation_uuid: 'org-acme' }) }, 200, credHeaders),
      ),
      http.get(`${API}/customers/organisations_integration/org-acme/meta_info`, () => json({ data: meta })),
    );
    await loginWithPassword('employee@acme.test', 'secret-123');
    unsubscribe();
    expect(metaWhenUserSet).toEqual(meta);
    // and their organisation is what the pages name and the requests carry
    expect(havenStore.getState().appConfig.orgData).toEqual({ uuid: 'org-acme', name: 'Acme' });
    expect(JSON.parse(localStorage.getItem('company_details') ?? 'null')).toEqual({ uuid: 'org-acme', name: 'Acme' });
  });

  it('an internal company e-mail gets analytics blocked', async () => {
    server.use(http.post(`${API}/auth/sign_in`, () => json({ data: apiUser({ email: 'ops@haven.care' }) }, 200, credHeaders)));
    await loginWithPassword('ops@haven.care', 'secret-123');
    expect(sessionStorage.getItem('skip_analytics')).toBe('true');
  });

  it("provider list failure: toast 'Error fetching therapist(s)/psychiatrist(s)', empty list, login still succeeds", async () => {
    server.use(
      http.post(`${API}/auth/sign_in`, () => json({ data: apiUser() }, 200, credHeaders)),
      http.get(`${API}/providers/dropdown_v2`, () => json({ message: 'boom' }, 500)),
    );
    const outcome = await loginWithPassword('asha@example.com', 'secret-123');
    await flush();
    await flush();
    expect(outcome.ok).toBe(true);
    expect(toastError).toHaveBeenCalledWith('Error fetching therapist(s)/psychiatrist(s)');
    expect(auth()).toMatchObject({ allProviders: [], loadingAllProviders: false });
  });
});

describe('one-time codes by SMS, WhatsApp and e-mail', () => {
  it.each([
    [{ channel: 'sms' as const, mobile: '9876543210', country_code: '91' }],
    [{ channel: 'whatsapp' as const, mobile: '9876543210', country_code: '91' }],
    [{ channel: 'email' as const, email: 'asha@example.com' }],
  ])('%j: send, then verify and sign in', async (target) => {
    server.use(
      http.post(`${API}/otp/send`, () => json({ success: true, message: 'sent', expires_in: 600 })),
      http.post(`${API}/otp/verify`, () =>
        json({ success: true, verified: true, account_exists: true, data: apiUser() }, 200, credHeaders),
      ),
    );
    const { expiresAt } = await requestOtp(target, () => 1_000);
    expect(expiresAt).toBe(601_000);
    expect(JSON.parse(calls('POST', '/otp/send')[0]?.body ?? '{}')).toEqual(target);
    const outcome = await verifyOtp(target, ' 123456 ', { expiresAt, now: () => 2_000 });
    expect(outcome).toMatchObject({ ok: true });
    expect(JSON.parse(calls('POST', '/otp/verify')[0]?.body ?? '{}')).toMatchObject({ ...target, code: '123456' });
  });

  it("a wrong code: 'Invalid verification code'", async () => {
    server.use(
      http.post(`${API}/otp/verify`, () => json({ message: 'Invalid verification code', errors: ['Invalid verification code'] }, 422)),
    );
    const outcome = await verifyOtp({ channel: 'email', email: 'asha@example.com' }, '000000');
    expect(outcome).toMatchObject({ ok: false, reason: 'auth', error: 'Invalid verification code' });
  });

  it('a code a resend replaced: the api says a newer code was sent', async () => {
    const replaced = 'This code was replaced by a newer one. Enter the code in the latest message we sent.';
    server.use(http.post(`${API}/otp/verify`, () => json({ message: replaced, errors: [replaced], code: 'code_replaced' }, 422)));
    const outcome = await verifyOtp({ channel: 'email', email: 'asha@example.com' }, '000000');
    expect(outcome).toMatchObject({ ok: false, reason: 'auth', error: replaced });
  });

  it('an expired code is refused before any call', async () => {
    const outcome = await verifyOtp({ channel: 'sms', mobile: '9876543210' }, '123456', { expiresAt: 1_000, now: () => 1_001 });
    expect(outcome).toEqual({ ok: false, reason: 'expired', error: OTP_EXPIRED_MESSAGE });
    expect(calls('POST', '/otp/verify')).toHaveLength(0);
  });

  it('a verified code without an account: no login, the page offers sign-up', async () => {
    server.use(http.post(`${API}/otp/verify`, () => json({ success: true, verified: true, account_exists: false, data: null })));
    const outcome = await verifyOtp({ channel: 'email', email: 'new@example.com' }, '123456');
    expect(outcome).toMatchObject({ ok: false, reason: 'no-account' });
    expect(auth().user).toBeNull();
  });
});

describe('Google sign-in (product rules, Sign-in and identity: texts)', () => {
  it('posts the credential form-urlencoded with the fixed extra fields', async () => {
    server.use(http.post(`${API}/customers/google_sign_in`, () => json({ data: apiUser() }, 200, credHeaders)));
    const outcome = await loginWithGoogle({ credential: 'dev-jwt', select_by: 'btn' });
    expect(outcome.ok).toBe(true);
    const [call] = calls('POST', '/customers/google_sign_in');
    expect(call?.headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(call?.body))).toEqual({
      credential: 'dev-jwt',
      select_by: 'btn',
      platform: 'website',
      usertype: 'patient',
    });
  });

  it("carries the referral link's code kept from the visit, and forgets it once an account is answered", async () => {
    window.localStorage.setItem('referral_code', 'ABCD2345');
    server.use(http.post(`${API}/customers/google_sign_in`, () => json({ data: apiUser() }, 200, credHeaders)));
    expect((await loginWithGoogle({ credential: 'dev-jwt' })).ok).toBe(true);
    expect(new URLSearchParams(calls('POST', '/customers/google_sign_in')[0]?.body).get('referral_code')).toBe('ABCD2345');
    expect(window.localStorage.getItem('referral_code')).toBeNull();
  });

  it('a refused Google sign-in (an account to link first) keeps the code for the way in that follows', async () => {
    window.localStorage.setItem('referral_code', 'ABCD2345');
    server.use(
      http.post(`${API}/customers/google_sign_in`, () => json({ message: 'link', code: 'link_required', link_token: 't', ways: {} }, 409)),
    );
    expect((await loginWithGoogle({ credential: 'dev-jwt' })).ok).toBe(false);
    expect(window.localStorage.getItem('referral_code')).toBe('ABCD2345');
  });

  it('server error: toast with the first server error message', async () => {
    server.use(
      http.post(`${API}/customers/google_sign_in`, () =>
        json({ message: 'outer', errors: ['Google credential could not be verified'] }, 422),
      ),
    );
    await loginWithGoogle({ credential: 'bad' });
    expect(toastError).toHaveBeenCalledWith('Google credential could not be verified');
  });

  it("server error without a message: 'Google login failed, please contact the support team for more details'", async () => {
    server.use(http.post(`${API}/customers/google_sign_in`, () => json({}, 500)));
    await loginWithGoogle({ credential: 'bad' });
    expect(toastError).toHaveBeenCalledWith('Google login failed, please contact the support team for more details');
  });

  it("popup error: toast 'Google Authentication failed!' and the failure analytics event", () => {
    const tracked: unknown[] = [];
    const off = eventBus.on('analytics:track', (e) => tracked.push(e));
    reportGooglePopupError(new Error('popup_closed'));
    off();
    expect(toastError).toHaveBeenCalledWith('Google Authentication failed!');
    expect(tracked).toEqual([{ name: 'google_login_failed', properties: { reason: 'popup_closed' } }]);
  });
});

describe('partner and token sign-ins', () => {
  const meta = { company_profile: { name: 'KLI', uuid: 'org-1', short_code: 'kli' }, feature_flags: { show_card_dashboard: true } };

  it("partner one-time code failing with 503: 'Invalid verification code'", async () => {
    server.use(http.post(`${API}/customers/organisations_integration/org-1/verify_totp_code`, () => json({}, 503)));
    expect(await partnerLogin('org-1', '123456')).toEqual({ ok: false, error: 'Invalid verification code' });
    expect(toastError).toHaveBeenCalledWith('Invalid verification code');
    expect(auth().loading).toBe(false);
  });

  it.each([
    ['a rate limit', () => json({ code: 'rate_limited' }, 429, { 'retry-after': '30' }), 'Too many tries. Please wait, then try again.'],
    [
      'load shedding',
      () => json({ code: 'overloaded' }, 503, { 'retry-after': '2' }),
      'Haven is busy right now. Please try again in a minute.',
    ],
    [
      'a network failure',
      () => HttpResponse.error(),
      "We couldn't check the code: no connection to Haven. Check your internet connection and try again.",
    ],
  ])('partner one-time code refused by %s: said so, not "Invalid verification code"', async (_name, answer, message) => {
    server.use(http.post(`${API}/customers/organisations_integration/org-1/verify_totp_code`, answer));
    expect(await partnerLogin('org-1', '123456')).toEqual({ ok: false, error: message });
    expect(toastError).toHaveBeenCalledWith(message);
    expect(auth().loading).toBe(false);
  });

  it('partner one-time code verified: meta info stored, verified flag kept', async () => {
    server.use(http.post(`${API}/customers/organisations_integration/org-1/verify_totp_code`, () => json({ success: true, data: meta })));
    expect(await partnerLogin('org-1', '123456')).toEqual({ ok: true, meta });
    expect(auth().partnerMetaInfo).toEqual(meta);
    expect(localStorage.getItem('partner_verified')).toBe('true');
  });

  it('the company of a verified partner code is remembered and named on every later request', async () => {
    server.use(
      http.post(`${API}/customers/organisations_integration/kli/verify_totp_code`, () => json({ success: true, data: meta })),
      http.post(`${API}/auth/sign_in`, () => json({ data: apiUser({ usertype: 'employee' }) }, 200, credHeaders)),
    );
    expect(await partnerLogin('kli', '123456')).toEqual({ ok: true, meta });
    expect(JSON.parse(localStorage.getItem('company_details') ?? 'null')).toEqual({ uuid: 'org-1', name: 'KLI' });
    expect(havenStore.getState().appConfig.orgData).toEqual({ uuid: 'org-1', name: 'KLI' });
    await loginWithPassword('asha@example.com', 'Haven#2026');
    const [signIn] = calls('POST', '/auth/sign_in');
    expect(signIn?.headers.get('x-company-profile-uuid')).toBe('org-1');
    expect(signIn?.headers.get('x-company-profile-name')).toBe('KLI');
  });

  it('a refused partner code remembers no company', async () => {
    server.use(http.post(`${API}/customers/organisations_integration/org-1/verify_totp_code`, () => json({}, 422)));
    await partnerLogin('org-1', '000000');
    expect(localStorage.getItem('company_details')).toBeNull();
    expect(havenStore.getState().appConfig.orgData).toBeNull();
  });

  it('the partner proof of a verified code goes with meta info, partner sessions and kli auto-login of that organisation only', async () => {
    server.use(
      http.post(`${API}/customers/organisations_integration/kli/verify_totp_code`, () =>
        json({ success: true, data: meta, partner_proof: 'proof-1' }),
      ),
      http.post(`${API}/customers/partner_sessions`, () => json({ data: apiUser({ usertype: 'employee' }) }, 200, credHeaders)),
      http.post(`${API}/customers/kli/auto_login`, () => json({ message: 'Unable to log in with this CRN' }, 422)),
      http.get(`${API}/customers/organisations_integration/:id/meta_info`, () => json({ data: meta })),
    );
    expect(await partnerLogin('kli', '123456')).toEqual({ ok: true, meta });
    // saved under the short_code typed and the uuid the api answered
    await loginWithToken('jwt-ok', 'org-1');
    expect(calls('POST', '/customers/partner_sessions')[0]?.headers.get('partner-proof')).toBe('proof-1');
    await loginWithCrnid('C1', 'kli', 'K1');
    expect(calls('POST', '/customers/kli/auto_login')[0]?.headers.get('partner-proof')).toBe('proof-1');
    await loginWithCrnid('C1', 'org-2', 'K1');
    expect(calls('POST', '/customers/kli/auto_login')[1]?.headers.get('partner-proof')).toBeNull();
  });

  it("partner session failure: 'Invalid auth token', loading stops", async () => {
    server.use(http.post(`${API}/customers/partner_sessions`, () => json({ message: 'Invalid auth token' }, 422)));
    const outcome = await loginWithToken('jwt-x', 'org-1');
    expect(outcome).toMatchObject({ ok: false, error: 'Invalid auth token' });
    expect(toastError).toHaveBeenCalledWith('Invalid auth token');
    expect(auth().loading).toBe(false);
  });

  it('partner session success signs in and loads the partner meta info', async () => {
    server.use(
      http.post(`${API}/customers/partner_sessions`, () => json({ data: apiUser({ usertype: 'employee' }) }, 200, credHeaders)),
      http.get(`${API}/customers/organisations_integration/org-1/meta_info`, () => json({ data: meta })),
    );
    const outcome = await loginWithToken('jwt-ok', 'org-1');
    expect(outcome.ok).toBe(true);
    expect(JSON.parse(calls('POST', '/customers/partner_sessions')[0]?.body ?? '{}')).toEqual({
      jwt_token: 'jwt-ok',
      company_profile_uuid: 'org-1',
    });
    expect(auth().partnerMetaInfo).toEqual(meta);
    expect(JSON.parse(localStorage.getItem('company_details') ?? 'null')).toEqual({ uuid: 'org-1', name: 'KLI' });
  });

  it("b2b link failure: 'Error authenticating user. Please provide a valid token.'", async () => {
    server.use(http.post(`${API}/b2b_link`, () => json({ message: 'x' }, 422)));
    const outcome = await loginWithB2bLink('jwt', 'org-1');
    expect(outcome).toMatchObject({ ok: false, error: 'Error authenticating user. Please provide a valid token.' });
    expect(toastError).toHaveBeenCalledWith('Error authenticating user. Please provide a valid token.');
  });

  it('a partner link without a token does nothing', async () => {
    expect(await loginWithB2bLink('', 'org-1')).toBeNull();
    expect(calls('POST', '/b2b_link')).toHaveLength(0);
  });

  it('CRNID auto-login answering 422 runs the fallback', async () => {
    server.use(http.post(`${API}/customers/kli/auto_login`, () => json({ message: 'No customer' }, 422)));
    expect(await loginWithCrnid('CRN-404', 'org-1', null)).toMatchObject({ ok: false, reason: 'fallback' });
    expect(auth().error).toBeNull();
  });
});
