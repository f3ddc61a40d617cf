import { expect, test } from '@playwright/test';
import { signInAs } from './support/dashboard';
import { layoutShifts, recordLayoutShifts } from './support/layout-shift';

// On the patient's home: nothing painted moves while sessions, nudges and modals load. The
// summed layout-shift value is a property of the layout, not a timing: the same page gives the same sum.

const LIMIT = 0.02;

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 800 } });

    test('the dashboard does not shift while it loads (cold)', async ({ page, request }) => {
      await signInAs(page, request, 'patient@haven.test');
      await recordLayoutShifts(page);
      await page.goto('/dashboard');
      await expect(page.getByRole('region', { name: 'Upcoming sessions' }).getByRole('article').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const { total, shifts } = await layoutShifts(page);
      expect(total, JSON.stringify(shifts, null, 1)).toBeLessThanOrEqual(LIMIT);
    });

    for (const path of ['/care-tools', '/experts', '/journey', '/assessments', '/journal']) {
      test(`${path} does not shift while it loads`, async ({ page, request }) => {
        await signInAs(page, request, 'patient@haven.test');
        await recordLayoutShifts(page);
        await page.goto(path);
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        const { total, shifts } = await layoutShifts(page);
        expect(total, JSON.stringify(shifts, null, 1)).toBeLessThanOrEqual(LIMIT);
      });
    }
  });
}
