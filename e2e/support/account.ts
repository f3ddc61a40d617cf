import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API, devGet, signUpFreshPatient } from './auth';
import { signInAs, type Creds } from './dashboard';

// Accounts of a test's own for the account suite: its tests change profiles, contacts and
// files, or close the account, so none of them uses a shared demo account.

const ACME = '6f1c2d3e-4a5b-4c6d-8e7f-a1b2c3d4e5f6'; // showaddmember on, max_member_count 3

/** A new patient signed in on `page`; returns its e-mail and a second device's api credentials. */
export async function freshPatientOnPage(page: Page, request: APIRequestContext): Promise<{ email: string; creds: Creds }> {
  const email = await signUpFreshPatient(request);
  const creds = await signInAs(page, request, email);
  return { email, creds };
}

async function b2bLink(request: APIRequestContext, email: string): Promise<Creds> {
  const { jwt_token } = await devGet<{ jwt_token: string }>(request, '/dev/partner_token', { company_profile_uuid: ACME, email });
  const response = await request.post(`${API}/b2b_link`, { data: { jwt_token, company_profile_uuid: ACME } });
  expect(response.ok(), `b2b_link ${response.status()}`).toBe(true);
  const h = response.headers();
  return { token: h['access-token'] ?? '', client: h.client ?? '', uid: h.uid ?? '', expiry: h.expiry ?? '' };
}

/** A new Acme employee (the partner vouches for the e-mail) signed in on `page`. */
export async function freshAcmeEmployeeOnPage(page: Page, request: APIRequestContext): Promise<Creds> {
  const email = `e2e-member-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@acme.test`;
  const creds = await b2bLink(request, email);
  // A second device for the page, so its token rotation never races the test's calls.
  const forPage = await b2bLink(request, email);
  await page.addInitScript(
    (stored) => {
      if (!window.localStorage.getItem('@Token:')) window.localStorage.setItem('@Token:', stored);
    },
    JSON.stringify({ 'access-token': forPage.token, client: forPage.client, uid: forPage.uid, expiry: forPage.expiry }),
  );
  return creds;
}

/** An api call as `c` that may fail (the status is the point); adopts rotated credentials. */
export async function apiStatus(
  request: APIRequestContext,
  c: Creds,
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  data?: unknown,
): Promise<number> {
  const response = await request[method](`${API}${path}`, {
    headers: { 'access-token': c.token, client: c.client, uid: c.uid, expiry: c.expiry },
    ...(data === undefined ? {} : { data }),
  });
  const h = response.headers();
  if (h['access-token'])
    Object.assign(c, { token: h['access-token'], client: h.client ?? c.client, uid: h.uid ?? c.uid, expiry: h.expiry ?? c.expiry });
  return response.status();
}
