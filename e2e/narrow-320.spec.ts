import { expect, test, type Page } from '@playwright/test';
import { goInApp } from './support/in-app';
import { pageSettled } from './support/settled';

// At 320 px (the narrowest phones still in use) no signed-out page scrolls sideways: the page is never
// wider than the screen. Long words that cannot wrap (an e-mail address on the code step) wrap anyway, and
// the sign-in buttons keep their words on one line.

const WIDTH = 320;
// Screenshots for a person to look at, only when asked for (CARE_SHOTS_DIR).
const SHOTS = process.env.CARE_SHOTS_DIR;
const shotName = (route: string) => route.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'landing';
const SIGNED_OUT = [
  '/',
  '/therapy-psychiatry/',
  '/auth/log-in/',
  '/auth/sign-up',
  '/forgot-password',
  '/set-password',
  '/providers',
  '/provider/c837dc46-a6bb-4a0b-82d4-2000e797cd03/', // Ananya Rao's public profile (stable demo uuid)
  '/matching',
  '/assessments',
  '/assessments/phq-9',
  '/for-organisations',
  '/get-in-touch/careers',
  '/help',
  '/terms-of-use',
  '/privacy-policy',
  '/no-such-page',
];

test.use({ viewport: { width: WIDTH, height: 720 } });

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // What pokes out names itself in the failure: the widest elements past the screen's edge.
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}: ${Math.round(el.getBoundingClientRect().right)}`);
    return { scrollWidth: document.documentElement.scrollWidth, wide };
  });
  expect(overflow.scrollWidth, `wider than ${WIDTH} px: ${overflow.wide.join('; ')}`).toBeLessThanOrEqual(WIDTH);
}

// One page at 320 px per worker for the route walk: its first route a cold load, each next one reached
// in-app as a link would. Whether a page is wider than the screen is its settled layout's, however it was
// reached (the routes' cold first paints are prerendered.spec's).
const walk = test.extend<object, { walkPage: Page }>({
  walkPage: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ viewport: { width: WIDTH, height: 720 } });
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
});

for (const route of SIGNED_OUT) {
  walk(`${route}: no sideways scroll at ${WIDTH} px`, async ({ walkPage: page }) => {
    if (page.url() === 'about:blank') {
      await page.goto(route);
      await pageSettled(page);
    } else await goInApp(page, route);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/320-${shotName(route)}.png`, fullPage: true });
    await expectNoSidewaysScroll(page);
  });
}

test(`sign-up: every label stays inside its form at ${WIDTH} px`, async ({ page }) => {
  await page.goto('/auth/sign-up');
  await pageSettled(page);
  const outside = await page
    .getByRole('main')
    .evaluate((main) =>
      [...main.querySelectorAll('form label')]
        .filter((label) => label.getBoundingClientRect().right > label.closest('form')!.getBoundingClientRect().right + 0.5)
        .map((label) => label.textContent),
    );
  expect(outside).toEqual([]);
});

test(`log-in: the code step with a long e-mail, and the sign-in buttons on one line, at ${WIDTH} px`, async ({ page }) => {
  await page.goto('/auth/log-in/');
  await pageSettled(page);
  for (const name of ['Continue with Google', 'Continue with Facebook', 'Continue with Apple']) {
    const button = page.getByRole('button', { name });
    if ((await button.count()) === 0) continue;
    // The lines its words sit on (the tops of its text's boxes; the mark beside them is not text).
    const lines = await button.evaluate((el) => {
      const tops = new Set<number>();
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(walker.currentNode);
        for (const box of range.getClientRects()) if (box.width > 0) tops.add(Math.round(box.top));
      }
      return tops.size;
    });
    expect(lines, `${name} wraps`).toBeLessThanOrEqual(1);
  }
  await page.getByRole('button', { name: 'One-time code' }).click();
  const form = page.getByRole('form', { name: 'Get a one-time code' });
  await form.getByRole('radio', { name: 'E-mail' }).check();
  await form.getByLabel('E-mail address').fill('a.very.long.address.for.testing.wrapping@example-long-domain-name.test');
  await form.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(/We sent a code to a\.very\.long/)).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/320-code-step.png`, fullPage: true });
  await expectNoSidewaysScroll(page);
});
