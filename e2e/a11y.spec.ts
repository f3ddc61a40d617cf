import { expect, test, type Page } from '@playwright/test';
import { axeBuilderViolations, axeViolations } from './support/axe';
import { goInApp } from './support/in-app';
import { pageSettled } from './support/settled';
import { lastCode, loggedInUser, PASSWORD } from './support/auth';
import { DEMO_USERS, signedInState, type DemoUser } from './support/signed-in';
import { ACME_SITE, mintHandoff } from './support/partner';

// Accessible by default: every route passes axe's WCAG 2.x A/AA rules at 360 px and 1280 px, each page
// as the visitor it is for (signed out, the patient, and the other demo user types where a page changes
// with the type; see MATRIX); every control shows where the focus is; the whole log-in works with the
// keyboard alone. One test per walk, width and route (a failure names its page); the tests of one walk
// share a page per worker, signed in from stored state, and reach each route in-app. The walk also checks
// the disclaimer on arrival and the crisis help button on every route.

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
  '/for-organisations',
  '/get-in-touch/careers',
  '/newsletter/confirm',
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
  '/account/invite',
  '/account/close',
  '/terms-of-use',
  '/privacy-policy',
  '/help',
  '/design',
  '/assessments/phq-9',
  '/t-p',
  '/partnerdashboard',
  '/org/dashboard',
  '/session-room/42/e30/website',
  '/no-such-page',
];

const settled = (page: Page) => pageSettled(page);

const withoutSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);
const ROUTE_PATHS = new Set(ROUTES.map(withoutSlash));

// Each page checked once per width, as the visitor it is for: every route signed out at both widths (a
// route that needs sign-in sends this visitor to the log-in page, checked by its own test, so it costs a
// navigation and no axe run); the patient's pages at both widths; and at 360 px (the tighter layout) the
// pages that change with the user type, as the other types. Pages the same for every signed-in visitor but
// the header (the header is checked on every other page of each walk) are not walked signed in.
const MATRIX: Array<{ user: DemoUser | null; width: number }> = [
  { user: null, width: 360 },
  { user: null, width: 1280 },
  { user: 'patient', width: 360 },
  { user: 'patient', width: 1280 },
  ...(Object.keys(DEMO_USERS) as DemoUser[]).filter((user) => user !== 'patient').map((user) => ({ user, width: 360 })),
];

// Pages that are the same for every signed-in visitor but the header: the log-in and password pages (which
// send a signed-in visitor on to the dashboard; auth.spec checks where), the legal and help pages, the
// design gallery, the session room's refusal and not-found. The signed-out walks check them.
const SAME_FOR_EVERY_USER = new Set([
  '/auth/log-in/',
  '/auth/sso/callback',
  '/auth/sign-up',
  '/forgot-password',
  '/set-password',
  '/change-password',
  '/create-password',
  '/registration-form',
  '/terms-of-use',
  '/privacy-policy',
  '/help',
  '/design',
  '/session-room/42/e30/website',
  '/no-such-page',
]);
// The pages whose content (beyond the header) changes with the signed-in user type: the plan's care
// types, sponsored packages and prices, the account and its sections, the partner pages. The employee and
// corporate-partner walks check these; every other page is the patient's walk's.
const BY_USER_TYPE = new Set([
  '/',
  '/providers',
  '/booking',
  '/matching',
  '/dashboard',
  '/care-tools',
  '/communities',
  '/assessments',
  '/account',
  '/account/profiles',
  '/account/payments',
  '/account/invite',
  '/t-p',
  '/partnerdashboard',
  '/org/dashboard',
]);
const routesFor = ({ user }: { user: DemoUser | null }) =>
  user === null
    ? ROUTES
    : user === 'patient'
      ? ROUTES.filter((route) => !SAME_FOR_EVERY_USER.has(route))
      : ROUTES.filter((route) => BY_USER_TYPE.has(route));
type Walk = (typeof MATRIX)[number];
const walkName = ({ user, width }: Walk) => `${user ? `signed in as ${user}` : 'signed out'}, ${width} px`;

// One page per sign-in state and width in each worker, reused by every route test of that state: a
// route is reached in-app from wherever the last test left the page, as a visitor's link would.
const walkTest = test.extend<object, { walkPage: (walk: Walk) => Promise<Page> }>({
  walkPage: [
    async ({ browser }, use) => {
      const pages = new Map<string, Promise<Page>>();
      const open = async ({ user, width }: Walk) => {
        const context = await browser.newContext({
          viewport: { width, height: 800 },
          storageState: user ? await signedInState(browser, user) : undefined,
        });
        const page = await context.newPage();
        // The walk's one full load, on a page of its own (signed in, the log-in page would send the visitor
        // on with a full load of its own, racing the first in-app step): the disclaimer is there on arrival.
        const first = routesFor({ user })[0] as string;
        await page.goto(first);
        await settled(page);
        await expect(
          page.getByText('Haven is not an emergency service.', { exact: false }).first(),
          `${first}: the disclaimer on arrival`,
        ).toBeVisible();
        return page;
      };
      await use((walk) => {
        const key = walkName(walk);
        let page = pages.get(key);
        if (!page) {
          page = open(walk);
          pages.set(key, page);
        }
        return page;
      });
      for (const page of pages.values()) await (await page.catch(() => null))?.context().close();
    },
    { scope: 'worker' },
  ],
});

/** What one route breaks for this visitor: crisis help, axe where it landed (unless another route's test checks that page), the session kept. */
async function checkRoute(page: Page, walk: Walk, route: string): Promise<string[]> {
  const label = `${route} @${walk.width}px`;
  const found: string[] = [];
  // Crisis help one tap away on every route.
  const crisisHelp = page.getByRole('button', { name: 'Crisis help' });
  if (
    !(await crisisHelp.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    ))
  )
    found.push(`${label}: no crisis help button`);
  const landed = withoutSlash(new URL(page.url()).pathname);
  if (landed !== withoutSlash(new URL(route, 'http://x').pathname) && ROUTE_PATHS.has(landed)) {
    test.info().annotations.push({ type: 'landing', description: `${landed}: checked by its own test` });
  } else {
    found.push(...(await axeViolations(page, label)));
  }
  // A signed-in walk that lost its session would check the signed-out pages and pass unseen.
  // (Polled: a page that has just loaded restores the session from storage a moment after its heading.)
  if (
    walk.user &&
    !(await expect
      .poll(() => loggedInUser(page), { timeout: 5_000 })
      .not.toBeNull()
      .then(
        () => true,
        () => false,
      ))
  ) {
    found.push(`${label}: signed out during the signed-in walk`);
  }
  return found;
}

const NAVIGATED = /Execution context was destroyed|runPartial|navigat/;

/**
 * checkRoute where the route ends: a page that sends this visitor on with a full load (the log-in page or
 * the SSO callback, signed in) may do so after its heading is up, during the check; then the check runs
 * again there.
 */
async function checkWhereItLands(page: Page, walk: Walk, route: string): Promise<string[]> {
  for (let attempt = 1; ; attempt += 1) {
    const before = page.url();
    try {
      await page.waitForLoadState('load');
      await settled(page);
      const found = await checkRoute(page, walk, route);
      if (page.url() === before || attempt === 3) return found;
    } catch (error) {
      // The document went away under the check: axe's script or its context is gone with it.
      if (attempt === 3 || (page.url() === before && !NAVIGATED.test(String(error)))) throw error;
    }
  }
}

// Independent tests: spread them over both workers.
test.describe.configure({ mode: 'parallel' });

// One test per sign-in state, width and route, so a failure names its page and the walk spreads over both
// workers. A route that sends this visitor on to another route of the list (a page that needs sign-in,
// signed out: the log-in page) is checked where it lands, by that route's own test, once.
test.describe('axe: WCAG 2.2 A/AA on every route', () => {
  for (const walk of MATRIX) {
    test.describe(walkName(walk), () => {
      for (const route of routesFor(walk)) {
        walkTest(route, async ({ walkPage }) => {
          const page = await walkPage(walk);
          // A full-load redirect may also land during the in-app navigation: checkWhereItLands settles again.
          await goInApp(page, route).catch((error: unknown) => {
            if (!NAVIGATED.test(String(error))) throw error;
          });
          expect(await checkWhereItLands(page, walk, route)).toEqual([]);
        });
      }
    });
  }
});

// The partner pages on a company subdomain: the landing with its company-code form signed
// out, then the card dashboard and the business landing signed in through a hand-off. One test a width,
// so the two spread over both workers.
for (const width of [360, 1280]) {
  test(`axe: the partner pages on a company subdomain, signed out and signed in, ${width} px`, async ({ browser, request }) => {
    test.slow(); // long by nature: a sign-in hand-off and four pages checked
    const found: string[] = [];
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${ACME_SITE}/t-p`);
    await expect(page.getByLabel('Company code')).toBeVisible();
    found.push(...(await axeViolations(page, `acme /t-p signed out @${width}px`)));
    await page.goto(`${ACME_SITE}/t-p?jwt=${await mintHandoff(request, 'employee@acme.test')}`);
    await expect(page).toHaveURL(`${ACME_SITE}/partnerdashboard`);
    await expect(page.getByTestId('sessions-left')).toBeVisible();
    await settled(page);
    found.push(...(await axeViolations(page, `acme /partnerdashboard @${width}px`)));
    for (const route of ['/org/dashboard', '/t-p']) {
      await goInApp(page, route);
      await expect(page.getByTestId('sessions-left')).toBeVisible();
      found.push(...(await axeViolations(page, `acme ${route} signed in @${width}px`)));
    }
    await context.close();
    expect(found).toEqual([]);
  });
}

// The check itself: a page with an unlabelled field, a low-contrast text and an image without a text
// alternative fails with each rule named, so an empty list above means the rules ran. Run a second time in
// the same document (axe is put into a document once) it finds the same, and so does AxeBuilder's own run.
test('axe: the check names what a broken page breaks, again in the same document, as AxeBuilder does', async ({ page }) => {
  await page.setContent(
    '<html lang="en"><title>t</title><main><h1>Broken</h1><input type="text"><p style="color:#bbb;background:#fff">faint</p><img src="data:,"></main></html>',
  );
  const found = await axeViolations(page, 'broken');
  for (const rule of ['label', 'color-contrast', 'image-alt']) expect(found.join('\n')).toContain(` ${rule} (`);
  expect(await axeViolations(page, 'broken')).toEqual(found);
  expect(await axeBuilderViolations(page, 'broken')).toEqual(found);
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
    // The code form loads with the tab: a keyboard user waits for it as anyone would.
    await expect(page.getByRole('radio', { name: 'SMS' })).toBeVisible();
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
