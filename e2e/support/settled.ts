import { expect, type Page } from '@playwright/test';

// "The page has settled", from the app's own signals instead of `networkidle` (half a second of quiet
// network at least, every time, and never reached while a realtime socket polls): the app's heading is
// on screen, nothing says it is still loading (aria-busy="true", a spinner's role="status" loader, the
// route-change bar), and the browser has painted once more after that.
const BUSY = '[aria-busy="true"], .hv-spinner, #nprogress';

/** Waits until the page's app heading is shown and no loading indicator is left (`heading`: which one). */
export async function pageSettled(page: Page, heading = '[data-app] h1'): Promise<void> {
  await expect(page.locator(heading).first()).toBeVisible();
  await page.waitForFunction((busy) => !document.querySelector(busy), BUSY);
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}
