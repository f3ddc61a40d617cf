import path from 'node:path';
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { lastCode, loggedInUser, PASSWORD } from './support/auth';
import { DEMO_USERS, signedInState, type DemoUser } from './support/signed-in';
import { ACME_SITE, mintHandoff } from './support/partner';

// Accessible by default (issue 7): every route passes axe's WCAG 2.x A/AA rules at 360 px and 1280 px,
// signed out and signed in as each demo user type; every control shows where the focus is; the whole
// log-in works with the keyboard alone. One test per sign-in state and width walks every route, so a
// failure lists every violation at once. The walk also checks the disclaimer on arrival and the crisis
// help button on every route (issue 18).

const ROUTES = [
  '/auth/log-in/',
  '/auth/sso/callback',
  '/auth/sign-up',
  '/forgot-password',
  '/set-password',
  '/change-password',
  '/create-password',
  '/registration-form',
  '/',
  '/therapy-psychiatry/',
  '/providers',
  '/providers/switch',
  '/provider/1',
  '/provider/c837dc46-a6bb-4a0b-82d4-2000e797cd03/', // Ananya Rao's public profile (stable demo uuid, api/src/seed/careteam.ts)
  '/matching',
  '/booking',
  '/booking/waitlist',
  '/booking/children-first',
  '/booking/care-coordinator',
  '/booking/ancillary-assessment',
  '/dashboard',
  '/care-tools',
  '/care-tools/box-breathing',
  '/journal',
  '/journey',
  '/experts',
  '/communities',
  '/assessments',
  '/account',
  '/account/profiles',
  '/account/documents',
  '/account/payments',
  '/account/security',
  '/account/close',
  '/terms-of-use',
  '/privacy-policy',
  '/help',
  '/assessments/phq-9',
  '/t-p',
  '/partnerdashboard',
  '/org/dashboard',
  '/session-room/42/e30/website',
  '/no-such-page',
];

// The route table is ESM the static servers also load; imported at run time (as federation.spec does with
// the static server), never transpiled into this worker's require cache, where a later native import of
// the same file (the release server in release.spec) would find CommonJS and fail.
type RouteOwnership = { remoteForPath: (pathname: string) => string | null };
let routeOwnership: Promise<RouteOwnership> | null = null;
async function remoteForPath(pathname: string): Promise<string | null> {
  routeOwnership ??= import(path.resolve(__dirname, '../shell/src/routing/route-ownership.mjs')) as Promise<RouteOwnership>;
  return (await routeOwnership).remoteForPath(pathname);
}

async function settled(page: Page) {
  // Whichever app the route (or a redirect) ends on: its heading is up and the network is quiet.
  await expect(page.locator('[data-app] h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** Routes in the page as a link would (no reload: faster), then waits for the app that owns where it ended. */
async function goInApp(page: Page, route: string) {
  if ((await remoteForPath(route)) === 'mfe-session-room') {
    // The shell enters the session room with a full load (its camera permission is per document).
    await page.goto(route);
    await settled(page);
    return;
  }
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await expect
    .poll(async () => page.locator(`[data-app="${(await remoteForPath(new URL(page.url()).pathname)) ?? 'shell'}"] h1`).isVisible())
    .toBe(true);
  await page.waitForLoadState('networkidle');
}

async function violationsOnEveryRoute(browser: Browser, width: number, state?: BrowserContextOptions['storageState']) {
  const context = await browser.newContext({ viewport: { width, height: 800 }, storageState: state });
  const page = await context.newPage();
  const found: string[] = [];
  const [first, ...rest] = ROUTES;
  await page.goto(first as string);
  await settled(page);
  // Issue 18: the disclaimer on arrival, and crisis help one tap away on every route.
  if (!(await page.getByText('Haven is not an emergency service.', { exact: false }).first().isVisible())) found.push(`${first} @${width}px: no disclaimer`);
  found.push(...(await axeViolations(page, `${first} @${width}px`)));
  for (const route of rest) {
    await goInApp(page, route);
    if (!(await page.getByRole('button', { name: 'Crisis help' }).isVisible())) found.push(`${route} @${width}px: no crisis help button`);
    found.push(...(await axeViolations(page, `${route} @${width}px`)));
  }
  // A signed-in walk that lost its session would check the signed-out pages and pass unseen.
  if (state && !(await loggedInUser(page))) found.push(`@${width}px: signed out during the signed-in walk`);
  await context.close();
  return found;
}

// Independent tests: spread them over both workers.
test.describe.configure({ mode: 'parallel' });

// Every route at both widths signed out, and at 360 px (the tighter layout) signed in as each user
// type, plus the patient at 1280 px: the full matrix would double the browser suite's run time, and
// what differs by sign-in state (header, account pages) differs the same way at both widths.
const MATRIX: Array<{ user: DemoUser | null; width: number }> = [
  { user: null, width: 360 },
  { user: null, width: 1280 },
  ...(Object.keys(DEMO_USERS) as DemoUser[]).map((user) => ({ user, width: 360 })),
  { user: 'patient', width: 1280 },
];

test.describe('axe: WCAG 2.2 A/AA on every route', () => {
  // 43 routes with axe each: 1.3-1.4 min alone on a 2-core runner, past 2 min with the other walk beside it.
  test.describe.configure({ timeout: 240_000 });
  for (const { user, width } of MATRIX) {
    test(`${user ? `signed in as ${user}` : 'signed out'}, ${width} px`, async ({ browser }) => {
      const state = user ? await signedInState(browser, user) : undefined;
      expect(await violationsOnEveryRoute(browser, width, state)).toEqual([]);
    });
  }
});

// The partner pages on a company subdomain (issue 10): the landing with its company-code form signed
// out, then the card dashboard and the business landing signed in through a hand-off.
test('axe: the partner pages on a company subdomain, signed out and signed in', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  for (const width of [360, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${ACME_SITE}/t-p`);
    await expect(page.getByLabel('Company code')).toBeVisible();
    found.push(...(await axeViolations(page, `acme /t-p signed out @${width}px`)));
    await page.goto(`${ACME_SITE}/t-p?jwt=${await mintHandoff(request, 'employee@acme.test')}`);
    await expect(page).toHaveURL(`${ACME_SITE}/partnerdashboard`);
    await expect(page.getByTestId('sessions-left')).toBeVisible();
    await page.waitForLoadState('networkidle');
    found.push(...(await axeViolations(page, `acme /partnerdashboard @${width}px`)));
    for (const route of ['/org/dashboard', '/t-p']) {
      await goInApp(page, route);
      await expect(page.getByTestId('sessions-left')).toBeVisible();
      found.push(...(await axeViolations(page, `acme ${route} signed in @${width}px`)));
    }
    await context.close();
  }
  expect(found).toEqual([]);
});

/** Tabs through the page; every element that takes focus must draw an indicator (outline or ring). */
async function controlsWithoutVisibleFocus(page: Page, maxTabs = 40): Promise<string[]> {
  const missing = new Set<string>();
  const seen = new Set<string>();
  for (let i = 0; i < maxTabs; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
      const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)}"`;
      return { name, visible: outline || ring };
    });
    if (!focused) continue;
    if (seen.has(focused.name)) break;
    seen.add(focused.name);
    if (!focused.visible) missing.add(focused.name);
  }
  return [...missing];
}

test.describe('keyboard', () => {
  for (const route of ['/auth/log-in/', '/', '/providers', '/t-p', '/no-such-page']) {
    test(`every control on ${route} shows visible focus`, async ({ page }) => {
      await page.goto(route);
      await settled(page);
      expect(await controlsWithoutVisibleFocus(page)).toEqual([]);
    });
  }

  test('signed in: every control on /dashboard shows visible focus', async ({ browser }) => {
    const context = await browser.newContext({ storageState: await signedInState(browser, 'patient') });
    const page = await context.newPage();
    await page.goto('/dashboard');
    await settled(page);
    expect(await loggedInUser(page)).not.toBeNull();
    expect(await controlsWithoutVisibleFocus(page)).toEqual([]);
    await context.close();
  });

  /** Presses Tab until the focused element matches, as a keyboard user would (never clicks). */
  async function tabTo(page: Page, matches: (element: { role: string; name: string }) => boolean, limit = 30) {
    for (let i = 0; i < limit; i += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        const labelled = (element as HTMLInputElement | null)?.labels?.[0]?.textContent;
        return {
          role: element?.getAttribute('role') ?? element?.tagName.toLowerCase() ?? '',
          name: (element?.getAttribute('aria-label') ?? labelled ?? element?.textContent ?? '').trim(),
        };
      });
      if (matches(focused)) return;
    }
    throw new Error('the control was not reached with Tab');
  }

  test('the whole password log-in with the keyboard alone', async ({ page }) => {
    await page.goto('/auth/log-in/?redirectPath=%2Fdashboard');
    await settled(page);
    await tabTo(page, ({ name }) => name === 'E-mail');
    await page.keyboard.type('patient@haven.test');
    await tabTo(page, ({ name }) => name === 'Password');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await loggedInUser(page)).toMatchObject({ email: 'patient@haven.test' });
  });

  test('the whole one-time-code log-in (e-mail) with the keyboard alone', async ({ page, request }) => {
    await page.goto('/auth/log-in/?redirectPath=%2Fdashboard');
    await settled(page);
    await tabTo(page, ({ name }) => name === 'One-time code');
    await page.keyboard.press('Enter');
    // A radio group is one tab stop; the arrow keys choose within it (SMS, WhatsApp, E-mail).
    await tabTo(page, ({ name }) => name === 'SMS');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'E-mail' })).toBeChecked();
    await tabTo(page, ({ name }) => name === 'E-mail address');
    await page.keyboard.type('newpatient@haven.test');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Verification code')).toBeFocused();
    await page.keyboard.type(await lastCode(request, 'newpatient@haven.test', 'email'));
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/\/auth\/log-in/);
    expect(await loggedInUser(page)).toMatchObject({ email: 'newpatient@haven.test' });
  });
});
