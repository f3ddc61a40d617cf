import { http } from 'msw';
import { havenStore } from '../state/store';
import { captureHandoffToken, completeHandoff, companySiteLanding, handoffUrl, hasHandoffToken, takeHandoffToken } from './partner-handoff';
import { API, apiUser, calls, credHeaders, installAuthTestKit, json, server } from './test/auth-test-kit';
import { resetRealtimeMock } from './test/realtime-mock';
import { toast } from '../ui/ToastHost/ToastHost';

jest.mock('../realtime/realtime-client', () => jest.requireActual('./test/realtime-mock').realtime);

installAuthTestKit();
beforeEach(resetRealtimeMock);

const ACME = '6f1c2d3e-4a5b-4c6d-8e7f-a1b2c3d4e5f6';
const site = (show_card_dashboard: boolean) => ({
  company_profile: { name: 'Acme Corp', uuid: ACME, short_code: 'acme' },
  feature_flags: { show_card_dashboard },
});
const HOST = 'acme.partners.localhost';
const auth = () => havenStore.getState().auth;

describe('captureHandoffToken', () => {
  it('takes jwt out of the address bar with replaceState (no history entry) and hands it out once', () => {
    window.history.replaceState(null, '', '/t-p?jwt=H.1&x=2#k');
    const length = window.history.length;
    captureHandoffToken();
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/t-p?x=2#k');
    expect(window.history.length).toBe(length);
    expect(hasHandoffToken()).toBe(true);
    expect(takeHandoffToken()).toBe('H.1');
    expect(takeHandoffToken()).toBeNull();
  });

  it('without jwt: nothing captured, the address untouched', () => {
    window.history.replaceState(null, '', '/t-p?token=');
    captureHandoffToken();
    expect(takeHandoffToken()).toBeNull();
    expect(window.location.search).toBe('?token=');
  });
});

describe('handoffUrl and companySiteLanding', () => {
  it.each([
    ['http://acme.partners.localhost:3000', 'a.b-c_d', 'http://acme.partners.localhost:3000/t-p?jwt=a.b-c_d'],
    ['https://kli.partners.haven.care/', 'x+y/z', 'https://kli.partners.haven.care/t-p?jwt=x%2By%2Fz'],
  ])('%s + %s', (siteUrl, token, expected) => {
    expect(handoffUrl(siteUrl, token)).toBe(expected);
  });
  it('card dashboard when the flag is on, else the business landing', () => {
    expect(companySiteLanding(site(true))).toBe('/partnerdashboard');
    expect(companySiteLanding(site(false))).toBe('/org/dashboard');
    expect(companySiteLanding(null)).toBe('/org/dashboard');
  });
});

describe('completeHandoff (on the company subdomain)', () => {
  let toastError: jest.SpyInstance;
  beforeEach(() => {
    toastError = jest.spyOn(toast, 'error').mockImplementation(() => 'id');
  });
  afterEach(() => jest.restoreAllMocks());

  it("exchanges the token through b2b_link for this subdomain's company, then the card dashboard", async () => {
    server.use(
      http.get(`${API}/partner_sites/acme`, () => json({ data: site(true) })),
      http.post(`${API}/b2b_link`, () => json({ data: apiUser({ usertype: 'employee', organisation_uuid: ACME }) }, 200, credHeaders)),
    );
    const navigate = jest.fn();
    const outcome = await completeHandoff('H.1', navigate, HOST);
    expect(outcome?.ok).toBe(true);
    expect(JSON.parse(calls('POST', '/b2b_link')[0]?.body ?? '{}')).toEqual({ jwt_token: 'H.1', company_profile_uuid: ACME });
    expect(navigate).toHaveBeenCalledWith('/partnerdashboard');
    expect(auth().partnerMetaInfo).toEqual(site(true));
    // The company is remembered, so every later request names it (x-company-profile-*).
    expect(JSON.parse(localStorage.getItem('company_details') ?? 'null')).toEqual({
      uuid: site(true).company_profile.uuid,
      name: site(true).company_profile.name,
    });
  });

  it("a replayed or foreign token signs nobody in: 'Error authenticating user. Please provide a valid token.'", async () => {
    server.use(
      http.get(`${API}/partner_sites/acme`, () => json({ data: site(false) })),
      http.post(`${API}/b2b_link`, () => json({ message: 'Error authenticating user. Please provide a valid token.' }, 422)),
    );
    const navigate = jest.fn();
    const outcome = await completeHandoff('used', navigate, HOST);
    expect(outcome).toMatchObject({ ok: false, error: 'Error authenticating user. Please provide a valid token.' });
    expect(auth().user).toBeNull();
    expect(auth().loading).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
    expect(toastError).toHaveBeenCalledWith('Error authenticating user. Please provide a valid token.');
    expect(localStorage.getItem('company_details')).toBeNull();
  });

  it('an unknown company site: the same error, no sign-in attempted', async () => {
    server.use(http.get(`${API}/partner_sites/acme`, () => json({ message: 'No company site acme' }, 404)));
    expect(await completeHandoff('H.1', jest.fn(), HOST)).toBeNull();
    expect(calls('POST', '/b2b_link')).toHaveLength(0);
    expect(auth().error).toBe('Error authenticating user. Please provide a valid token.');
  });
});
