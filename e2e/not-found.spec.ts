import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './support/dashboard';

// Addresses that name nothing say so: the not-found page (one site header, no "Try again"), for an
// unknown provider, assessment, care tool or account section.

const NOT_FOUND = "We couldn't find that page";

async function expectNotFound(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
}

test('an unknown provider is not found, by a malformed or an unknown id', async ({ page }) => {
  await expectNotFound(page, '/provider/no-such-provider/');
  await expectNotFound(page, '/provider/00000000-0000-4000-8000-000000000000/');
});

test('signed in: an unknown assessment, care tool and account section are not found, with one site header', async ({ page, request }) => {
  await signInAs(page, request, 'patient@haven.test');
  await expectNotFound(page, '/assessments/no-such-assessment');
  await expectNotFound(page, '/care-tools/no-such-tool');
  await expectNotFound(page, '/account/no-such-section');
  // The account's own sections are still there.
  await page.goto('/account/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('main').getByRole('navigation', { name: 'Account' })).toBeVisible();
  // A real care tool still opens.
  await page.goto('/care-tools/thought-record');
  await expect(page.getByRole('heading', { level: 1, name: 'Thought record' })).toBeVisible({ timeout: 15_000 });
});
