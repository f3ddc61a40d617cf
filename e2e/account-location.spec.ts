import { expect, test } from '@playwright/test';
import { signInAs } from './support/dashboard';

// A loose end of the account work: /dashboard asked for the user location twice on load (its own
// loader and the growth location refresh). One request now (product rules, Booking and time zones: on load, then every 5 minutes).
test('/dashboard asks for the user location once on load', async ({ page, request }) => {
  let calls = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/v1/customers/user_location') calls += 1;
  });
  await signInAs(page, request, 'patient@haven.test');
  // The growth runtime starts after first paint: its location refresh on load has decided (and sent)
  // by the time its flags request goes out.
  const growthStarted = page.waitForRequest((r) => r.url().includes('/growthbook/api/features/'));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await growthStarted;
  await page.waitForLoadState('networkidle');
  expect(calls).toBe(1);
});
