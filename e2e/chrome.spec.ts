import { expect, test } from '@playwright/test';
import { signInAs } from './support/dashboard';
import { DEMO_USERS } from './support/signed-in';
import { ORGS, withPartnerProof } from './support/auth';
import { REMOTE_PORTS } from './support/platform';

const OFFLINE_TEXT = 'Please check your internet connection and try again.';

test.describe('app chrome', () => {
  test('the offline banner shows when the connection drops and hides once a request gets through', async ({ page, context }) => {
    await page.goto('/therapy-psychiatry/');
    await expect(page.locator('#hv-app [data-app="mfe-booking"] h1')).toBeVisible();
    await expect(page.getByText(OFFLINE_TEXT)).toHaveCount(0);

    await context.setOffline(true);
    await expect(page.getByText(OFFLINE_TEXT)).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText(OFFLINE_TEXT)).toHaveCount(0, { timeout: 5_000 });
  });

  test('the canonical link is the site base plus the path, without the query, ending in a slash', async ({ page }) => {
    await page.goto('/therapy-psychiatry/?utm_source=newsletter&clickid=42');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost:3000/therapy-psychiatry/');
    await page.goto('/t-p');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost:3000/t-p/');
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  });

  test('page meta: title cut at 40 characters, description and share image set', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#hv-app [data-app="mfe-booking"] h1')).toBeVisible();
    const title = await page.title();
    expect(title.length).toBeLessThanOrEqual(40);
    expect(title).toBe('Care for your mind, when you need it'.slice(0, 40));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /therapy/i);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /.+/);
  });

  test('a progress bar runs while the next remote loads and mounts', async ({ page, request }) => {
    // The dashboard is a signed-in page (a visitor is sent to log-in).
    await signInAs(page, request, DEMO_USERS.patient);
    await page.goto('/');
    await expect(page.locator('#hv-app [data-app="mfe-booking"] h1')).toBeVisible();
    // Slow the dashboard remote down so the route change is observable.
    await page.route(`http://localhost:${REMOTE_PORTS['mfe-dashboard']}/**`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.evaluate(() => window.history.pushState(null, '', '/dashboard'));
    await expect(page.locator('#nprogress')).toBeAttached();
    await expect(page.locator('#hv-app [data-app="mfe-dashboard"] h1')).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('#nprogress')).toHaveCount(0, { timeout: 5_000 });
  });

  test('launch query parameters are stored where the spec says, and sectionid scrolls then leaves the URL', async ({ page }) => {
    await page.goto('/?clickid=ck-1&isDisableEdit=true&skip_analytics=true&company=acme&platform=website&sectionid=hv-landing-care');
    await expect(page.locator('#hv-app [data-app="mfe-booking"] h1')).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.location.search)).not.toContain('sectionid');
    const stored = await page.evaluate(() => ({
      clickid: localStorage.getItem('clickid'),
      company: localStorage.getItem('company'),
      isDisableEdit: sessionStorage.getItem('isDisableEdit'),
      skipAnalytics: sessionStorage.getItem('skip_analytics'),
      search: window.location.search,
    }));
    expect(stored).toMatchObject({ clickid: 'ck-1', company: 'acme', isDisableEdit: 'true', skipAnalytics: 'true' });
    expect(stored.search).toContain('clickid=ck-1');
  });

  test('one toast container for every app, top-center, loaded with the first toast', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.locator('#hv-app [data-app="mfe-booking"] h1')).toBeVisible();
    // No toast yet: the toast library is not on the page.
    await expect(page.locator('.Toastify')).toHaveCount(0);
    // A code log-in with a bad token toasts from the shared core, whichever app asked (the company's
    // code is verified first, or the link would wait for it).
    await withPartnerProof(page, request, ORGS.globex);
    await page.goto(`/auth/log-in/?code=${ORGS.globex}&auth_token=not-a-token`);
    await expect(page.getByText('Invalid auth token')).toBeVisible();
    await expect(page.locator('.Toastify')).toHaveCount(1);
    await expect(page.locator('.Toastify__toast-container')).toHaveClass(/Toastify__toast-container--top-center/);
  });
});

test.describe('standalone remotes', () => {
  test('the session room mounts on its own page, with no shell (app webviews load it directly)', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(`http://localhost:${REMOTE_PORTS['mfe-session-room']}/session-room/42/e30/android`);
    await expect(page.locator('#hv-app [data-app="mfe-session-room"] h1')).toHaveText('Session room');
    expect(requests.filter((url) => url.startsWith('http://localhost:3000/'))).toEqual([]);
  });

  for (const [remote, route] of [
    ['mfe-dashboard', '/dashboard'],
    ['mfe-partner', '/org/dashboard'],
  ] as const) {
    test(`${remote} also mounts standalone`, async ({ page, request }) => {
      if (remote === 'mfe-dashboard') await signInAs(page, request, DEMO_USERS.patient);
      await page.goto(`http://localhost:${REMOTE_PORTS[remote]}${route}`);
      await expect(page.locator(`#hv-app [data-app="${remote}"] h1`)).toBeVisible();
    });
  }
});

test.describe('small phones', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const [route, prepare] of [
    ['/', null],
    ['/auth/sign-up', null],
    ['/auth/log-in/', 'One-time code'],
    ['/dashboard', null],
  ] as const) {
    test(`${route}${prepare ? ` (${prepare})` : ''} has no sideways scrolling at 360 px`, async ({ page }) => {
      await page.goto(route);
      await expect(page.locator('[data-app] h1')).toBeVisible();
      if (prepare) await page.getByRole('button', { name: prepare }).click();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
