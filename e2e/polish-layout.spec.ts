import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpFreshPatient } from './support/auth';
import { signInAs } from './support/dashboard';
import { waitForLivePage } from './support/live-page';
import { toDateAndTime } from './support/booking-walk';

// Layout polish that can slip back, at 360 px and 1280 px: the landing's two hero actions are one size,
// tiles in a row (landing care tiles, booking dates) are one height, the booking summary is a card, and a
// questionnaire's long question stays inside its card.

const WIDTHS = [360, 1280];

/** Heights of the boxes, grouped by their row (the same top). */
async function rowHeights(items: Locator): Promise<number[][]> {
  const boxes = await Promise.all((await items.all()).map((item) => item.boundingBox()));
  const rows = new Map<number, number[]>();
  for (const box of boxes) {
    if (!box) continue;
    const top = Math.round(box.y);
    rows.set(top, [...(rows.get(top) ?? []), Math.round(box.height)]);
  }
  return [...rows.values()];
}

async function expectEvenRows(items: Locator) {
  const rows = await rowHeights(items);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(new Set(row).size, `heights in a row: ${row.join(', ')}`).toBe(1);
}

async function atWidths(page: Page, check: (width: number) => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await check(width);
  }
}

test('landing: the hero actions are one size (48 px), the care tiles of a row one height', async ({ page }) => {
  await page.goto('/');
  // The live page, not the prerendered picture it takes over from.
  await waitForLivePage(page);
  await atWidths(page, async () => {
    const find = page.getByRole('link', { name: 'Find a provider' });
    const logIn = page.getByRole('main').getByRole('link', { name: 'Log in' });
    await expect(logIn).toBeVisible();
    const [a, b] = [await find.boundingBox(), await logIn.boundingBox()];
    expect(Math.round(a!.height)).toBe(48);
    expect(Math.round(b!.height)).toBe(48);
    await expectEvenRows(page.getByRole('region', { name: 'Ways we can help' }).getByRole('link'));
  });
});

test('booking: the date grid has no ragged tiles and the summary is a card', async ({ page, request }) => {
  const email = await signUpFreshPatient(request);
  await signInAs(page, request, email); // signed in through the api: the log-in is auth.spec's
  await page.goto('/providers?t=th');
  await page.getByTestId('provider-card').first().getByRole('link', { name: /Book/ }).first().click();
  await expect(page).toHaveURL(/step=1/, { timeout: 15_000 });
  await toDateAndTime(page);
  const dates = page.getByRole('list', { name: 'Dates with free times' }).getByRole('button');
  await expect(dates.first()).toBeVisible({ timeout: 15_000 });
  await atWidths(page, async () => {
    await expectEvenRows(dates);
  });

  await dates.nth(1).click();
  await page
    .getByRole('list', { name: /^Free times/ })
    .getByRole('button')
    .first()
    .click();
  await expect(page).toHaveURL(/step=5/);
  const summary = page.getByRole('complementary', { name: 'Your booking' }).locator('dl');
  await atWidths(page, async () => {
    const style = await summary.evaluate((dl) => {
      const s = getComputedStyle(dl);
      const dd = getComputedStyle(dl.querySelector('dd')!);
      return { border: s.borderTopStyle, radius: s.borderTopLeftRadius, ddIndent: dd.marginInlineStart };
    });
    expect(style).toEqual({ border: 'solid', radius: expect.not.stringMatching(/^0px$/), ddIndent: '0px' });
  });
});

test('PHQ-9: the long item 9 question stays inside its card, under its top border', async ({ page, request }) => {
  await signInAs(page, request, 'patient@haven.test');
  await page.goto('/assessments/phq-9');
  const item9 = page.getByRole('group', { name: /^9\. Thoughts/ });
  await expect(item9).toBeVisible({ timeout: 15_000 });
  await atWidths(page, async () => {
    // The question starts inside the card's border and padding (a rendered legend sits across the border).
    const { inside, questionTop } = await item9.evaluate((card) => {
      const s = getComputedStyle(card);
      return {
        inside: card.getBoundingClientRect().top + parseFloat(s.borderTopWidth) + parseFloat(s.paddingTop),
        questionTop: card.querySelector('legend')!.getBoundingClientRect().top,
      };
    });
    expect(questionTop).toBeGreaterThanOrEqual(Math.floor(inside));
  });
});
