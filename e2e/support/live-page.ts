import { expect, type Page } from '@playwright/test';

/**
 * A public route paints from the build's HTML first (shell/src/prerender/); the live page then takes its
 * place. Reads that do not retry (a box, a count) wait for the live page, or they may read the picture
 * as it is replaced.
 */
export async function waitForLivePage(page: Page): Promise<void> {
  await expect(page.locator('#hv-snapshot')).toHaveCount(0);
}
