import { expect, test } from '@playwright/test';
import { layoutShifts, recordLayoutShifts } from './support/layout-shift';
import { waitForLivePage } from './support/live-page';
import { signInAs } from './support/dashboard';

// Public routes paint from HTML the build wrote (shell/src/prerender/): without JavaScript a visitor still
// reads the page, typing before the app has loaded is kept, and the live page takes over without a shift.

const PAGES: { path: string; heading: string; text: RegExp }[] = [
  { path: '/', heading: 'Care for your mind, when you need it', text: /Talk to a therapist, psychiatrist/ },
  { path: '/therapy-psychiatry/', heading: 'Therapy and psychiatry, online or in clinic', text: /Talk to a therapist/ },
  { path: '/auth/log-in/', heading: 'Log in', text: /Welcome back\. Log in to book sessions/ },
  { path: '/auth/log-in/?method=otp', heading: 'Log in', text: /Welcome back\./ },
  { path: '/auth/sign-up/', heading: 'Create your account', text: /E-mail/ },
  { path: '/providers/', heading: 'Find a provider', text: /Times are shown in/ },
  { path: '/t-p/', heading: 'Care sponsored by your organisation', text: /employer/ },
  { path: '/for-organisations/', heading: 'Haven for organisations', text: /Care for your people/ },
  { path: '/no-such-page/', heading: "We couldn't find that page", text: /The link may be old/ },
];

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('each public route shows its heading and its main text', async ({ page }) => {
    for (const { path, heading, text } of PAGES) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByRole('main')).toContainText(text);
      });
    }
  });

  test('the log-in tabs each paint their own first view, and a provider profile paints with its name', async ({ page, request }) => {
    await page.goto('/auth/log-in/?method=otp');
    await expect(page.getByRole('button', { name: 'One-time code' })).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/auth/log-in/');
    await expect(page.getByRole('button', { name: 'Password' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByLabel('E-mail', { exact: true })).toBeVisible();

    const { data } = (await (await request.get('http://localhost:4000/api/v1/public/providers')).json()) as {
      data: { uuid: string; firstname: string; lastname: string }[];
    };
    const provider = data[0]!;
    await page.goto(`/provider/${provider.uuid}/`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`${provider.firstname} ${provider.lastname}`);
  });

  test("the sign-up's country code paints its default, India (a list's choice is marked in the picture)", async ({ page }) => {
    await page.goto('/auth/sign-up/');
    await expect(page.getByLabel('Country code')).toHaveValue('IN');
  });
});

test("the sign-up's country code stays India through the take-over and the list's loading", async ({ page }) => {
  await page.goto('/auth/sign-up/');
  await waitForLivePage(page);
  const code = page.getByLabel('Country code');
  await expect.poll(() => code.locator('option').count()).toBeGreaterThan(100);
  await expect(code).toHaveValue('IN');
  await expect(code.locator('option:checked')).toHaveText('India (+91)');
});

test('an unknown address is answered 404 with the not-found page painted', async ({ request }) => {
  const response = await request.get('/no-such-page/');
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain("We couldn't find that page");
});

test('what is typed into the log-in form before the app has loaded is kept', async ({ page }) => {
  // The log-in remote is held back until the visitor has typed, as on a slow network.
  let release!: () => void;
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route(/localhost:3001\/remoteEntry\.js/, async (route) => {
    await typed;
    await route.continue();
  });
  await page.goto('/auth/log-in/', { waitUntil: 'domcontentloaded' });
  const snapshot = page.locator('#hv-snapshot');
  await snapshot.getByLabel('E-mail', { exact: true }).fill('kept@example.com');
  await snapshot.getByLabel('Password', { exact: true }).fill('typed early');
  await expect(snapshot).toBeVisible();
  release();

  await expect(snapshot).toHaveCount(0);
  const live = page.locator('#hv-live');
  await expect(live.getByLabel('E-mail', { exact: true })).toHaveValue('kept@example.com');
  await expect(live.getByLabel('Password', { exact: true })).toHaveValue('typed early');
  await expect(live.getByLabel('Password', { exact: true })).toBeFocused();
});

test.describe('the take-over', () => {
  // The pictures are taken in the product's home zone; a visitor elsewhere sees the list's prices in their own
  // currency once the live page takes over (a small shift on that page alone).
  test.use({ timezoneId: 'Asia/Kolkata' });
  for (const width of [360, 1280]) {
    test(`at ${width} px the live pages take over without a shift`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
      await recordLayoutShifts(page);
      for (const { path, heading } of PAGES) {
        await test.step(path, async () => {
          await page.goto(path);
          await waitForLivePage(page);
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
          await page.waitForLoadState('networkidle');
          const { total, shifts } = await layoutShifts(page);
          // The list's picture carries the times free when the build ran ("Today", "Tomorrow"): the live list
          // may word them differently, a line more or less. Every other page moves nothing at all.
          expect(total, JSON.stringify(shifts, null, 1)).toBeLessThanOrEqual(path === '/providers/' ? 0.02 : 0);
        });
      }
    });
  }
});

test('a visitor with a session opening the home sees its skeleton painted from HTML, and the live home takes it over without a shift', async ({
  page,
  request,
}) => {
  // The home's document is a skeleton: chrome and empty boxes, the same for every account.
  const html = await (await request.get('/dashboard')).text();
  expect(html).toContain('data-hv-skeleton');
  expect(html).not.toMatch(/patient@haven\.test|Upcoming sessions<\/h2><div role="status"|hv-session__name/);

  await signInAs(page, request, 'patient@haven.test');
  await recordLayoutShifts(page);
  // The dashboard remote is held back until the picture has been looked at, as on a slow network.
  let release!: () => void;
  const looked = new Promise<void>((resolve) => (release = resolve));
  await page.route(/localhost:3002\/remoteEntry\.js/, async (route) => {
    await looked;
    await route.continue();
  });
  await page.goto('/dashboard', { waitUntil: 'domcontentloaded' });
  const snapshot = page.locator('#hv-snapshot');
  await expect(snapshot.getByRole('heading', { level: 1, name: 'Your care' })).toBeVisible();
  await expect(snapshot.getByRole('status').filter({ hasText: 'Loading your care' })).toBeVisible();
  await expect(snapshot.getByRole('button', { name: 'Crisis help' })).toBeVisible();
  await expect(snapshot.getByRole('link', { name: 'My care' })).toBeVisible();
  // The avatar's box is there, empty: no initials, no photo.
  await expect(snapshot.locator('.hv-account-nav .hv-avatar')).toHaveText('');
  await expect(snapshot.locator('.hv-account-nav img')).toHaveCount(0);
  release();

  await waitForLivePage(page);
  await expect(page.getByRole('region', { name: 'Upcoming sessions' }).getByRole('article').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const { total, shifts } = await layoutShifts(page);
  expect(total, JSON.stringify(shifts, null, 1)).toBe(0);
});
