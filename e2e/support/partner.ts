import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API, PASSWORD, loggedInUser } from './auth';

// Company subdomains of the partner integrations host (Chromium resolves *.localhost to the loopback).
export const siteOf = (shortCode: string) => `http://${shortCode}.partners.localhost:3000`;
export const ACME_SITE = siteOf('acme');
export const HANDOFF_ERROR = 'Error authenticating user. Please provide a valid token.';

/** A hand-off minted for `email` as the main site would after its login (another device's session). */
export async function mintHandoff(request: APIRequestContext, email: string): Promise<string> {
  const signIn = await request.post(`${API}/auth/sign_in`, { data: { email, password: PASSWORD } });
  expect(signIn.ok()).toBe(true);
  const h = signIn.headers();
  const response = await request.post(`${API}/customers/partner_handoff`, {
    headers: { 'access-token': h['access-token'] ?? '', client: h.client ?? '', uid: h.uid ?? '' },
  });
  expect(response.ok(), `hand-off ${response.status()}`).toBe(true);
  return ((await response.json()) as { jwt_token: string }).jwt_token;
}

/** The package the api holds for `email` (what the pages must show). */
export async function packageOf(request: APIRequestContext, email: string): Promise<{ sessions_left: number; sessions_total: number }> {
  const signIn = await request.post(`${API}/auth/sign_in`, { data: { email, password: PASSWORD } });
  const h = signIn.headers();
  const response = await request.get(`${API}/customers/partner_package`, {
    headers: { 'access-token': h['access-token'] ?? '', client: h.client ?? '', uid: h.uid ?? '' },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { sessions_left: number; sessions_total: number };
}

/** The page's history entries hold no hand-off token: the current one, and the one before it. */
export async function expectNoTokenInUrlOrHistory(page: Page): Promise<void> {
  expect(page.url()).not.toContain('jwt=');
  await page.goBack();
  expect(page.url()).not.toContain('jwt=');
  await page.goForward();
}

export async function expectSignedOut(page: Page): Promise<void> {
  await expect.poll(() => loggedInUser(page)).toBeNull();
}
