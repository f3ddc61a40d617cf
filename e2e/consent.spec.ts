import { expect, test, type Page } from '@playwright/test';
import { apiCall } from './support/dashboard';
import { freshPatientOnPage } from './support/account';

// Consent that fits the person, one test per kind of profile. The account holder and an adult profile
// tick "18 years or older" for themselves; a child's profile (born 2016) is consented for by the parent,
// worded so, and the 18+ line never appears.

const ADULT_LINE = 'I confirm that I am 18 years or older';

/** Acts as the profile named `first_name` through the page's own switcher. */
async function actAs(page: Page, label: string) {
  await page.goto('/account/profiles');
  await page.getByLabel('Acting as').selectOption({ label });
  await expect(page.getByRole('region', { name: 'Profiles' }).getByRole('listitem').filter({ hasText: label })).toContainText('acting as');
}

test('the account holder: their own consents, with the 18+ line', async ({ page, request }) => {
  await freshPatientOnPage(page, request);
  await page.goto('/dashboard');
  const dialog = page.getByRole('dialog', { name: 'Please review and accept' });
  await expect(dialog).toHaveAccessibleDescription('We need your agreement before you continue with your care.');
  await expect(dialog.getByRole('checkbox', { name: ADULT_LINE })).toBeVisible();
  // The new privacy policy as the consent status call gave it (newPrivacyPolicyData).
  const policy = dialog.getByRole('region', { name: 'The updated privacy policy' });
  await expect(policy).toContainText('Updated privacy policy, in effect from 23 Nov 2026.');
  await expect(policy.getByRole('link', { name: 'Read the updated privacy policy' })).toHaveAttribute('href', '/privacy-policy');
  for (const box of await dialog.getByRole('checkbox').all()) await box.check();
  await dialog.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(dialog).toBeHidden();
});

test("an adult profile: the profile's own person consents, with the 18+ line", async ({ page, request }) => {
  const { creds } = await freshPatientOnPage(page, request);
  await apiCall(request, creds, 'post', '/customers/profiles', {
    kind: 'profile',
    first_name: 'Mira',
    last_name: 'Rao',
    date_of_birth: '1961-04-02',
  });
  await actAs(page, 'Mira Rao');
  await page.goto('/dashboard');
  const dialog = page.getByRole('dialog', { name: 'Please review and accept' });
  await expect(dialog).toHaveAccessibleDescription("These consents are Mira's own: Mira reads and ticks them.");
  await expect(dialog.getByRole('checkbox', { name: ADULT_LINE })).toBeVisible();
});

test("a child's profile (born 2016): the parent consents for the child, no 18+ line; once given, not asked again", async ({
  page,
  request,
}) => {
  const { creds } = await freshPatientOnPage(page, request);
  await apiCall(request, creds, 'post', '/customers/profiles', {
    kind: 'profile',
    first_name: 'Kiran',
    last_name: 'Rao',
    date_of_birth: '2016-05-01',
    relationship: 'child',
  });
  await actAs(page, 'Kiran Rao');
  await page.goto('/dashboard');
  const dialog = page.getByRole('dialog', { name: 'Consent for Kiran' });
  await expect(dialog).toHaveAccessibleDescription('Kiran is under 18, so you give these consents for Kiran as their parent or guardian.');
  // Every line is said by the parent, for the child.
  for (const box of await dialog.getByRole('checkbox').all()) await expect(box).toHaveAccessibleName(/Kiran/);
  await expect(dialog.getByRole('checkbox', { name: 'I accept the terms of use and the privacy policy for Kiran' })).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: "I am Kiran's parent or legal guardian and I consent to Kiran's care" })).toBeVisible();
  await expect(page.getByText(/18 years or older/)).toHaveCount(0);
  await page.screenshot({ path: '/work/wt/i36-care-shots/consent-child.png' });
  for (const box of await dialog.getByRole('checkbox').all()) await box.check();
  await dialog.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Consent for Kiran' })).toHaveCount(0);
});
