// Helpers for e2e/planvis.spec.ts (plan visibility): the demo employee on a plan without
// psychiatry, and seeded providers by first name.
import { expect, type APIRequestContext } from '@playwright/test';
import { API } from './auth';

export const PLAN_EMPLOYEE = 'employee@lumen.test';

export async function providerNamed(request: APIRequestContext, firstname: string): Promise<string> {
  const r = await request.get(`${API}/providers?per_page=50`);
  expect(r.ok()).toBe(true);
  const p = ((await r.json()) as { data: Array<{ uuid: string; firstname: string }> }).data.find((x) => x.firstname === firstname);
  if (!p) throw new Error(`no seeded provider ${firstname}`);
  return p.uuid;
}
