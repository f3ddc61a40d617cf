import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API, signUpWithCode } from './auth';

// Helpers of the growth suite (attribution, analytics, location, flags).

export interface SinkEvent {
  name: string;
  properties: Record<string, unknown>;
  anonymous_id: string | null;
  user_id: number | null;
}

interface HavenHandle {
  havenStore: {
    getState(): { auth: { user: { id: number; firebaseid: string; email: string } | null }; featureFlags: { cf_coupon_enabled: boolean } };
  };
  eventBus: { emit(event: string, payload: unknown): void };
  readOnce(path: string): Promise<unknown>;
}
declare global {
  interface Window {
    __haven?: HavenHandle;
  }
}

/** Growth starts at an idle moment after first paint; it marks the page when it has. */
export async function growthStarted(page: Page): Promise<void> {
  await expect(page.locator('html[data-growth="started"]')).toHaveCount(1, { timeout: 15_000 });
}

/** This browser's anonymous id (the deviceId every sink event carries). */
export async function anonymousId(page: Page): Promise<string> {
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('deviceId'))).not.toBeNull();
  return (await page.evaluate(() => window.localStorage.getItem('deviceId'))) as string;
}

export async function sinkEvents(request: APIRequestContext, anonymous_id: string, name?: string): Promise<SinkEvent[]> {
  const response = await request.get(`${API}/telemetry/events`, { params: { anonymous_id, limit: '1000', ...(name ? { name } : {}) } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: SinkEvent[] }).data;
}

/** Emits one event through the tracking API (the bus), as a remote would. */
export async function trackProbe(page: Page, name: string): Promise<void> {
  await page.evaluate((n) => window.__haven?.eventBus.emit('analytics:track', { name: n, properties: { probe: true } }), name);
}

export async function realtimeRead<T>(page: Page, path: string): Promise<T | null> {
  return page.evaluate((p) => window.__haven!.readOnce(p), path) as Promise<T | null>;
}

export async function signedInUser(page: Page) {
  await expect.poll(() => page.evaluate(() => window.__haven?.havenStore.getState().auth.user ?? null), { timeout: 15_000 }).not.toBeNull();
  return (await page.evaluate(() => window.__haven!.havenStore.getState().auth.user))!;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads free-form JSON
export async function storedAttribution(page: Page): Promise<Record<string, any> | null> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('ad_user_params');
    return raw ? JSON.parse(raw) : null;
  });
}

/** A patient account of the test's own, with an e-mail at `domain`. */
export async function freshAccount(request: APIRequestContext, domain = 'haven.test'): Promise<string> {
  const email = `growth-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@${domain}`;
  await signUpWithCode(request, email, { first_name: 'Growth', last_name: 'Test' });
  return email;
}

/** An attribution record as the web client stores it, `ageMs` old. */
export function attributionRecord(ageMs: number, medium = 'cpc') {
  const n = 'null';
  return {
    marketing_data: {
      marketing_activity: 'performance_marketing',
      marketing_channel: 'google',
      marketing_campaign: 'old',
      marketing_content: n,
      marketing_term: n,
    },
    utm_data: { utm_medium: medium, utm_source: 'google', utm_campaign: 'old', utm_content: n, utm_term: n },
    timestamp: Date.now() - ageMs,
    is_consumed: false,
    added_by: 'WEB',
  };
}
