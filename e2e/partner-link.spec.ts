import { expect, test } from '@playwright/test';
import { ORGS, devGet, loggedInUser } from './support/auth';
import { ACME_SITE } from './support/partner';

// A partner link (`?code=<company>&auth_token=…`) opened in a browser that has not verified the company's
// code: the partner session needs that proof, so the page asks for the code and then opens the link,
// instead of failing with 'Invalid auth token'.

test('a partner link opened before the company code is verified asks for the code, then opens the link signed in', async ({
  page,
  request,
}) => {
  const { jwt_token } = await devGet<{ jwt_token: string }>(request, '/dev/partner_token', {
    company_profile_uuid: ORGS.acme,
    email: 'employee@acme.test',
  });
  await page.goto(`${ACME_SITE}/t-p?code=${ORGS.acme}&auth_token=${encodeURIComponent(jwt_token)}`);
  await expect(page.getByText('Verify your company code to open your link.')).toBeVisible();
  await expect(page.getByText('Invalid auth token')).toHaveCount(0);
  expect(page.url()).not.toContain('auth_token');

  const form = page.getByRole('form', { name: 'Verify your Acme Corp code' });
  const { code } = await devGet<{ code: string }>(request, '/dev/totp', { id: ORGS.acme });
  await form.getByLabel('Company code').fill(code);
  await form.getByRole('button', { name: 'Verify code' }).click();
  await expect(page).toHaveURL(`${ACME_SITE}/partnerdashboard`);
  expect((await loggedInUser(page))?.email).toBe('employee@acme.test');
});
