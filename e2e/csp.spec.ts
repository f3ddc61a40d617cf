import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './support/dashboard';
import { DEMO_USERS } from './support/signed-in';
import { REMOTE_PORTS } from './support/platform';

// Security headers (scripts/lib/security-headers.mjs): the CSP the static servers send must let every
// route work with no violation at all, and a path no app owns is a 404 that still shows the not-found page.

// `signedOutApp`: a signed-in page sends a visitor to log-in. `visitorOnly`: pages a signed-in user is moved
// on from (log-in, sign-up, forgot password), checked signed out only.
const ROUTES: Array<{ path: string; app: string; signedOutApp?: string; visitorOnly?: boolean }> = [
  { path: '/auth/log-in/', app: 'mfe-auth', visitorOnly: true },
  { path: '/auth/sign-up', app: 'mfe-auth', visitorOnly: true },
  { path: '/forgot-password', app: 'mfe-auth', visitorOnly: true },
  { path: '/', app: 'mfe-booking' },
  { path: '/therapy-psychiatry/', app: 'mfe-booking' },
  { path: '/providers', app: 'mfe-booking' },
  { path: '/dashboard', app: 'mfe-dashboard', signedOutApp: 'mfe-auth' },
  { path: '/t-p', app: 'mfe-partner' },
  { path: '/partnerdashboard', app: 'mfe-partner', signedOutApp: 'mfe-auth' },
  { path: '/session-room/42/e30/website', app: 'mfe-session-room' },
  { path: '/no-such-page', app: 'shell' },
];

/** Collects CSP violations the page reports (the event fires for blocked scripts, styles, connections...). */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (line: string) => violations.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (line: string) => void }).__reportCspViolation;
      void report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function visitEveryRoute(page: Page, signedIn: boolean) {
  for (const { path, app: signedInApp, signedOutApp, visitorOnly } of ROUTES) {
    if (signedIn && visitorOnly) continue;
    const app = signedIn ? signedInApp : (signedOutApp ?? signedInApp);
    const response = await page.goto(path);
    await expect(page.locator(`#hv-app [data-app="${app}"] h1`).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp, path).toContain("script-src 'self'");
    // Inline styles only by their hashes: an injected <style> or style attribute is refused.
    expect(csp, path).toMatch(/style-src 'self' 'sha256-/);
    expect(csp, path).not.toMatch(/'unsafe-inline'/);
  }
}

test.describe('security headers', () => {
  // The signed-out walk also collects every script and stylesheet its loads fetched, for the source-map
  // check: one walk of eleven cold loads serves both.
  test('no CSP violation on any route, signed out; no source map is served and no served script or stylesheet names one', async ({
    page,
    request,
  }) => {
    test.slow(); // long by nature: eleven cold page loads, then every file they fetched
    const violations = await recordViolations(page);
    const files = new Set<string>();
    page.on('response', (response) => {
      if (/\.(m?js|css)(\?|$)/.test(response.url())) files.add(response.url().split('?')[0]!);
    });
    await visitEveryRoute(page, false);
    expect(violations).toEqual([]);
    // Every app's files: the shell's and all five remotes'.
    expect(new Set([...files].map((url) => new URL(url).port)).size).toBe(6);
    for (const url of files) {
      const body = await (await request.get(url)).text();
      expect(body, url).not.toMatch(/sourceMappingURL=/);
      expect((await request.get(`${url}.map`)).status(), `${url}.map`).toBe(404);
    }
  });

  test('no CSP violation on any route, signed in as the demo patient', async ({ page, request }) => {
    test.slow(); // long by nature: eleven cold page loads
    // Credentials of its own: a stored state shared with other tests may hold a token they rotated.
    await signInAs(page, request, DEMO_USERS.patient);
    const violations = await recordViolations(page);
    await visitEveryRoute(page, true);
    expect(violations).toEqual([]);
  });

  test('the standalone session room page (app webviews) runs under its CSP with no violation', async ({ page }) => {
    const violations = await recordViolations(page);
    await page.goto(`http://localhost:${REMOTE_PORTS['mfe-session-room']}/session-room/42/e30/website`);
    await expect(page.locator('#hv-app [data-app="mfe-session-room"] h1')).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('the offline page keeps its own styles under the CSP, with no violation', async ({ page }) => {
    const violations = await recordViolations(page);
    await page.goto('/offline.html');
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    // Its <style> applied (allowed by hash): the retry link is a filled button.
    await expect(page.getByRole('link', { name: 'Try again' })).toHaveCSS('background-color', 'rgb(0, 105, 99)');
    expect(violations).toEqual([]);
  });

  test('an injected inline style is refused (the CSP is what blocks it, not the absence of one)', async ({ page }) => {
    const violations = await recordViolations(page);
    await page.goto('/auth/log-in/');
    await expect(page.locator('#hv-app [data-app="mfe-auth"] h1')).toBeVisible();
    const applied = await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = 'body { --hv-injected: yes; }';
      document.head.append(style);
      return getComputedStyle(document.body).getPropertyValue('--hv-injected');
    });
    expect(applied).toBe('');
    await expect.poll(() => violations.length).toBeGreaterThan(0);
  });

  test('a document carries the CSP, frame-ancestors, referrer, nosniff and permissions policy', async ({ request }) => {
    const headers = (await request.get('/dashboard')).headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self'[^;]*http:\/\/localhost:3001/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/connect-src[^;]*http:\/\/localhost:4000[^;]*ws:\/\/localhost:4100/);
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    // A local http site never claims HSTS (it would pin http://localhost to https for the browser).
    expect(headers['strict-transport-security']).toBeUndefined();
    // Plain answers too (a missing file, a method the server does not take).
    expect((await request.get('/no-such-file.js')).headers()['x-content-type-options']).toBe('nosniff');
    expect((await request.post('/dashboard')).headers()['x-content-type-options']).toBe('nosniff');
    expect(headers['permissions-policy']).toContain('camera=(), microphone=()');
    const room = (await request.get('/session-room/42/e30/website')).headers();
    expect(room['permissions-policy']).toContain('camera=(self), microphone=(self)');
  });

  test('entering the session room from another page is a full load, so camera and microphone are allowed', async ({ page, request }) => {
    await signInAs(page, request, DEMO_USERS.patient);
    await page.goto('/dashboard');
    await expect(page.locator('#hv-app [data-app="mfe-dashboard"] h1')).toBeVisible();
    const allows = () =>
      page.evaluate(() => {
        const policy = (document as unknown as { featurePolicy?: { allowsFeature(name: string): boolean } }).featurePolicy;
        return policy ? [policy.allowsFeature('camera'), policy.allowsFeature('microphone')] : null;
      });
    expect(await allows()).toEqual([false, false]);
    await page.evaluate(() => {
      window.history.pushState(null, '', '/session-room/42/e30/website');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.locator('#hv-app [data-app="mfe-session-room"] h1')).toBeVisible();
    await expect.poll(allows).toEqual([true, true]);
  });
});

test.describe('not found', () => {
  test('a path no app owns answers 404 with the not-found page, marked noindex', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: "We couldn't find that page" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  test('a path an app owns answers 200 and is not marked noindex', async ({ page }) => {
    const response = await page.goto('/therapy-psychiatry/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('#hv-app [data-app="mfe-booking"] h1')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });
});
