import { expect, test } from '@playwright/test';
import { signInAs } from './support/dashboard';
import { DEMO_USERS } from './support/signed-in';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { REMOTE_PORTS, overrideRuntimeConfig, recordRequests, type RemoteKey } from './support/platform';

const ROUTES: Array<{ remote: RemoteKey; path: string }> = [
  { remote: 'mfe-auth', path: '/auth/log-in/' },
  { remote: 'mfe-dashboard', path: '/dashboard' },
  { remote: 'mfe-booking', path: '/' },
  { remote: 'mfe-partner', path: '/t-p' },
  { remote: 'mfe-session-room', path: '/session-room/42/e30/website' },
];

test.describe('runtime composition', () => {
  // These tests edit config.json in the browser only. A real redeploy regenerates the CSP from the edited
  // file (README "Security headers"); the server here still sends the policy of the original config, so
  // the page's CSP is bypassed for them. The CSP itself is covered by csp.spec.ts.
  test.use({ bypassCSP: true });
  for (const { remote, path: route } of ROUTES) {
    test(`${remote} is loaded at runtime from the address in the config (${route})`, async ({ page, request }) => {
      // The dashboard is a signed-in page (a visitor is sent to log-in, which is another remote).
      if (remote === 'mfe-dashboard') await signInAs(page, request, DEMO_USERS.patient);
      const requests = recordRequests(page);
      await page.goto(route);
      await expect(page.locator(`#hv-app [data-app="${remote}"]`)).toBeVisible();
      const origin = `http://localhost:${REMOTE_PORTS[remote]}`;
      expect(requests.some((url) => url.startsWith(`${origin}/remoteEntry.js`))).toBe(true);
      // A route downloads its own remote only.
      const others = Object.entries(REMOTE_PORTS).filter(([name]) => name !== remote);
      for (const [, port] of others) {
        expect(requests.filter((url) => url.startsWith(`http://localhost:${port}/`))).toEqual([]);
      }
    });
  }

  test('moving a remote to another address in the config moves the shell there, with no rebuild', async ({ page }) => {
    // A second deployment of mfe-booking on a new port: the same build, served by another server.
    const { serveStatic } = await import(path.resolve(__dirname, '../scripts/lib/static-server.mjs'));
    const server = await serveStatic({ root: path.resolve(__dirname, '../mfe-booking/dist'), port: 0 });
    const port = (server.address() as AddressInfo).port;
    try {
      await overrideRuntimeConfig(page, (config) => {
        (config.remotes as Record<string, string>)['mfe-booking'] = `http://localhost:${port}/remoteEntry.js`;
      });
      const requests = recordRequests(page);
      await page.goto('/therapy-psychiatry/');
      await expect(page.locator('#hv-app [data-app="mfe-booking"] h1')).toHaveText('Therapy and psychiatry, online or in clinic');
      expect(requests.some((url) => url.startsWith(`http://localhost:${port}/remoteEntry.js`))).toBe(true);
      // The page's server still names the old entry in its Link preload (it serves the unedited config;
      // a real move edits both): that preload aside, nothing comes from the old address.
      const old = `http://localhost:${REMOTE_PORTS['mfe-booking']}/`;
      expect(requests.filter((url) => url.startsWith(old) && url !== `${old}remoteEntry.js`)).toEqual([]);
    } finally {
      // The page keeps its connections to the second server open: close them, or close() waits for them.
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('a remote whose server is down shows the error screen on its routes; the rest keeps working', async ({ page }) => {
    // Port 3999: nothing listens there, as when the partner remote's server is stopped.
    await overrideRuntimeConfig(page, (config) => {
      (config.remotes as Record<string, string>)['mfe-partner'] = 'http://localhost:3999/remoteEntry.js';
    });
    await page.goto('/t-p');
    await expect(page.getByRole('heading', { name: 'Oops, looks like something went wrong!' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.locator('[data-remote-unavailable="mfe-partner"]')).toBeVisible();

    // The shell still routes to the other remotes.
    await page.getByRole('button', { name: 'back to homepage' }).click();
    await expect(page).toHaveURL('http://localhost:3000/');
    await expect(page.locator('#hv-app [data-app="mfe-booking"] h1')).toBeVisible();
    await expect(page.locator('[data-remote-unavailable]')).toHaveCount(0);
  });
});

test.describe('error screen', () => {
  test('a render error inside a remote shows the error screen, and both buttons work', async ({ page }) => {
    await page.goto('/dashboard/diagnostics/crash');
    await expect(page.getByRole('heading', { name: 'Oops, looks like something went wrong!' })).toBeVisible();
    await expect(page.getByText('Our servers are a little stressed right now. Please try again in a moment.')).toBeVisible();

    let reloaded = false;
    page.once('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloaded = frame.url().endsWith('/dashboard/diagnostics/crash');
    });
    await page.getByRole('button', { name: 'Refresh page' }).click();
    await expect.poll(() => reloaded).toBe(true);
    await expect(page.getByRole('heading', { name: 'Oops, looks like something went wrong!' })).toBeVisible();

    await page.getByRole('button', { name: 'back to homepage' }).click();
    await expect(page).toHaveURL('http://localhost:3000/');
    await expect(page.locator('#hv-app [data-app="mfe-booking"] h1')).toHaveText('Care for your mind, when you need it');
  });

  test('a path no remote owns gets a real not-found page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: "We couldn't find that page" })).toBeVisible();
  });
});

test.describe('singletons', () => {
  test('react-dom is downloaded once even when two remotes are used on one page', async ({ page, request }) => {
    await signInAs(page, request, DEMO_USERS.patient);
    const bodies: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') bodies.push(await response.text().catch(() => ''));
    });
    await page.goto('/');
    await expect(page.locator('#hv-app [data-app="mfe-booking"] h1')).toBeVisible();
    await page.evaluate(() => {
      window.history.pushState(null, '', '/dashboard');
    });
    await expect(page.locator('#hv-app [data-app="mfe-dashboard"] h1')).toHaveText('Your care');
    // "__reactContainer$" is only in react-dom's client code.
    expect(bodies.filter((body) => body.includes('__reactContainer$'))).toHaveLength(1);
  });

  test('the shell and every remote share one core instance: one store, one bus', async ({ page, request }) => {
    await signInAs(page, request, DEMO_USERS.patient);
    await page.goto('/');
    await expect(page.locator('#hv-app [data-app="mfe-booking"] h1')).toBeVisible();
    await page.evaluate(() => window.history.pushState(null, '', '/dashboard'));
    await expect(page.locator('#hv-app [data-app="mfe-dashboard"] h1')).toBeVisible();

    const result = await page.evaluate(() => {
      type AppConfig = { hideBackBtn: boolean; update(values: { hideBackBtn: boolean }): void };
      type Bus = { on(event: string, handler: (payload: unknown) => void): () => void; emit(event: string, payload: unknown): void };
      type Core = { havenStore: { getState(): { appConfig: AppConfig } }; eventBus: Bus };
      const w = window as unknown as { __haven: Core; __havenRemotes: Record<string, Core> };
      const remotes = ['mfe-booking', 'mfe-dashboard'].map((name) => w.__havenRemotes[name] as Core);
      // A value set in the shell is read inside each remote.
      w.__haven.havenStore.getState().appConfig.update({ hideBackBtn: true });
      // An event a remote listens for arrives when the shell emits it.
      const heard: unknown[] = [];
      remotes.forEach((remote) => remote.eventBus.on('route:change', (payload) => heard.push(payload)));
      w.__haven.eventBus.emit('route:change', { path: '/probe' });
      return {
        sameStore: remotes.map((remote) => remote.havenStore === w.__haven.havenStore),
        sameBus: remotes.map((remote) => remote.eventBus === w.__haven.eventBus),
        readInRemotes: remotes.map((remote) => remote.havenStore.getState().appConfig.hideBackBtn),
        heard: heard.length,
      };
    });
    expect(result.sameStore).toEqual([true, true]);
    expect(result.sameBus).toEqual([true, true]);
    expect(result.heard).toBe(2);
    expect(result.readInRemotes).toEqual([true, true]);
  });
});
