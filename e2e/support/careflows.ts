import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API } from './auth';
import { apiCall, type Creds } from './dashboard';

// Care flows: the provider's side the platform has no app for, through the development routes.

/** A new free online provider with a full calendar (no working hours), of the test's own. */
export async function fullyBookedProvider(request: APIRequestContext, role = 'therapist'): Promise<{ uuid: string; name: string }> {
  const lastname = `E2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const r = await request.post(`${API}/dev/providers`, { data: { lastname, role } });
  expect(r.status(), 'dev provider').toBe(201);
  return { uuid: ((await r.json()) as { data: { uuid: string } }).data.uuid, name: `Wait ${lastname}` };
}

/** The provider adds a free slot; answers how many waiting patients were offered it. */
export async function providerAddsSlot(request: APIRequestContext, uuid: string, startIso: string): Promise<number> {
  const r = await request.post(`${API}/dev/providers/${uuid}/availability`, { data: { start_time: startIso } });
  expect(r.status(), 'add slot').toBe(201);
  return ((await r.json()) as { offered: number }).offered;
}

/** A whole hour `days` ahead, 10:00 UTC (15:30 in India). */
export function hourAhead(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(10, 0, 0, 0);
  return d.toISOString();
}

/**
 * A child's profile (Kiran Test) activated for children-first care by its parent, and the page acting
 * as it: chosen on the children-first page. Answers the child's uuid.
 */
export async function actAsChildForCare(page: Page, request: APIRequestContext, creds: Creds): Promise<string> {
  const child = await apiCall<{ data: { uuid: string } }>(request, creds, 'post', '/customers/profiles', {
    kind: 'profile',
    first_name: 'Kiran',
    last_name: 'Test',
    date_of_birth: '2016-05-01',
    relationship: 'child',
  });
  // The parent activates the child's profile for children-first care first (e2e/care-extras.spec.ts does it on the page).
  await apiCall(request, creds, 'post', `/customers/profiles/${child.data.uuid}/cf_activation`, { guardian_consent: true });
  // And accepts the terms and privacy policy for the child: the api books nothing for a child before that.
  const consentHeaders = () => ({ 'access-token': creds.token, client: creds.client, uid: creds.uid, expiry: creds.expiry });
  const acting = await request.post(`${API}/customers/profiles/${child.data.uuid}/session`, { headers: consentHeaders() });
  if (acting.headers()['access-token']) creds.token = acting.headers()['access-token']!;
  const consented = await request.post(`${API}/customers/mark_tnc_and_privacy`, {
    headers: { ...consentHeaders(), 'secondary-profile-access-token': acting.headers()['secondary-profile-access-token'] ?? '' },
  });
  expect(consented.ok(), `mark_tnc_and_privacy ${consented.status()}`).toBe(true);
  if (consented.headers()['access-token']) creds.token = consented.headers()['access-token']!;
  await page.goto('/booking/children-first');
  await page.getByRole('button', { name: 'Book for Kiran Test' }).click();
  return child.data.uuid;
}
