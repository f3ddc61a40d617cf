import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

// Sign-in helpers for the browser suites, against the api the platform starts (stage test).

export const API = 'http://localhost:4000/api/v1';
export const PASSWORD = 'Haven#2026';
export const ORGS = {
  acme: '6f1c2d3e-4a5b-4c6d-8e7f-a1b2c3d4e5f6', // short_code acme, card dashboard on, CRN1001
  globex: '7a2b3c4d-5e6f-4a7b-9c8d-b2c3d4e5f6a7', // no short_code, card dashboard off
};

export async function devGet<T>(request: APIRequestContext, path: string, params: Record<string, string>): Promise<T> {
  const response = await request.get(`${API}${path}`, { params });
  expect(response.ok(), `${path} ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** The newest code the api "sent" to `to` (the development outbox). */
export async function lastCode(request: APIRequestContext, to: string, channel: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const { data } = await devGet<{ data: Array<{ code: string | null; channel: string }> }>(request, '/dev/outbox', { to, channel });
      code = data[0]?.code ?? null;
      return code;
    })
    .not.toBeNull();
  return code as unknown as string;
}

/**
 * The organisation's one-time code verified before the page opens (no page asks for it yet): the api's
 * partner proof stored where the web client keeps it (shared/src/core/auth/partner-proof.ts).
 */
export async function withPartnerProof(page: Page, request: APIRequestContext, org: string): Promise<void> {
  const { code } = await devGet<{ code: string }>(request, '/dev/totp', { id: org });
  const response = await request.post(`${API}/customers/organisations_integration/${org}/verify_totp_code`, { data: { code } });
  expect(response.ok(), `partner code ${response.status()}`).toBe(true);
  const { partner_proof } = (await response.json()) as { partner_proof: string };
  await page.addInitScript(
    ([id, proof]) => {
      if (!window.localStorage.getItem('partner_proof')) window.localStorage.setItem('partner_proof', JSON.stringify({ [id]: proof }));
    },
    [org, partner_proof] as const,
  );
}

/** The partner's signed kli link for `crn` (the auth_token of its CRNID link), minted as the partner would. */
export async function kliLink(request: APIRequestContext, org: string, crn: string): Promise<string> {
  return (await devGet<{ jwt_token: string }>(request, '/dev/kli_link', { company_profile_uuid: org, crn })).jwt_token;
}

/** Signs in through the api alone (as another device would) and returns the devise credentials. */
export async function apiSignIn(request: APIRequestContext, email: string) {
  const response = await request.post(`${API}/auth/sign_in`, { data: { email, password: PASSWORD } });
  expect(response.ok()).toBe(true);
  const h = response.headers();
  return { token: h['access-token'] ?? '', client: h.client ?? '', uid: h.uid ?? '', expiry: h.expiry ?? '' };
}

export function passwordForm(page: Page) {
  return page.getByRole('form', { name: 'Log in with e-mail and password' });
}

export async function logInWithPassword(page: Page, email: string, url = '/auth/log-in/') {
  await page.goto(url);
  const form = passwordForm(page);
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
}

export async function loggedInUser(page: Page): Promise<{ usertype: string; email: string | null } | null> {
  return page.evaluate(() => {
    const haven = (
      window as unknown as {
        __haven?: { havenStore: { getState(): { auth: { user: { usertype: string; email: string | null } | null } } } };
      }
    ).__haven;
    return haven?.havenStore.getState().auth.user ?? null;
  });
}

/**
 * A new patient account of the test's own (POST /auth registration). Tests that end sessions everywhere
 * (remove_all) use one, so they never log out another test running in parallel on a shared demo account.
 */
export async function signUpFreshPatient(request: APIRequestContext): Promise<string> {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@haven.test`;
  await signUpWithCode(request, email, { first_name: 'Test', last_name: 'Patient' });
  return email;
}

/** When each address of this worker was last sent a code (the api sends one a destination per 30 s). */
const codeSentAt = new Map<string, number>();
/** The api's wait between two codes to one destination (otp_send_destination), and a second to spare. */
const CODE_SEND_INTERVAL_MS = 31_000;

/**
 * Waits until the api will send `email` another code: a test that signs up (one code) and then asks for a
 * second one for the same address (closing the account, a PIN reset) waits as a person would.
 */
export async function waitForNextCode(email: string): Promise<void> {
  const wait = (codeSentAt.get(email) ?? 0) + CODE_SEND_INTERVAL_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** POST /auth as the sign-up page makes it: with the code the api sent to the e-mail (password PASSWORD). */
export async function signUpWithCode(request: APIRequestContext, email: string, names: { first_name: string; last_name: string }) {
  const sent = await request.post(`${API}/otp/send`, { data: { channel: 'email', email } });
  expect(sent.ok(), `sign-up code ${sent.status()}`).toBe(true);
  codeSentAt.set(email, Date.now());
  const code = await lastCode(request, email, 'email');
  const response = await request.post(`${API}/auth`, {
    data: { email, password: PASSWORD, password_confirmation: PASSWORD, ...names, code },
  });
  expect(response.ok(), `sign-up ${response.status()}`).toBe(true);
}

/** The sign-up page's code step: the code the api sent to `email` (development outbox), entered and sent. */
export async function enterSignUpCode(page: Page, email: string) {
  const codeForm = page.getByRole('form', { name: 'Verify your e-mail' });
  await expect(codeForm.getByLabel('Verification code')).toBeVisible();
  await codeForm.getByLabel('Verification code').fill(await lastCode(page.request, email.toLowerCase(), 'email'));
  await codeForm.getByRole('button', { name: 'Verify and create account' }).click();
}

/** Fills the sign-up form with a valid account for `email`, submits it and enters the code sent to the e-mail. */
export async function submitSignUp(form: Locator, email: string) {
  await form.getByLabel('First name').fill('Asha');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password').fill(PASSWORD);
  await form.getByLabel('I am 18 years old or older').check();
  await form.getByLabel(/I accept the terms of use/).check();
  await form.getByRole('button', { name: 'Create account' }).click();
  await enterSignUpCode(form.page(), email);
}
