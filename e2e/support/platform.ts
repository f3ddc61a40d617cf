import type { Page, Route } from '@playwright/test';

export const SHELL = 'http://localhost:3000';
export const REMOTE_PORTS = {
  'mfe-auth': 3001,
  'mfe-dashboard': 3002,
  'mfe-booking': 3003,
  'mfe-partner': 3004,
  'mfe-session-room': 3005,
} as const;
export type RemoteKey = keyof typeof REMOTE_PORTS;

/** Rewrites the runtime config the shell receives: what a deployer does by editing one file. */
export async function overrideRuntimeConfig(page: Page, change: (config: Record<string, unknown>) => void) {
  await page.route('**/localhost:3000/config.json', async (route: Route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    change(config);
    await route.fulfill({ response, json: config });
  });
}

/** Requests the page made, for asserting which server a remote came from. */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}
