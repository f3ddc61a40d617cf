import { expect, type APIRequestContext } from '@playwright/test';
import { API } from './auth';

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
