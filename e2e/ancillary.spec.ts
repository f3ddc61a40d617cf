import { expect, test } from '@playwright/test';
import { freshPatientOnPage } from './support/account';
import { answerDashboardModals, apiCall } from './support/dashboard';
import { anonymousId, sinkEvents } from './support/growth';

// The ancillary assessment flow (product rules, Assessments and crisis: ancillary_assessment): from the landing's Assessments
// tile to a booked assessment through the usual booking steps, at the assessment's fee and length,
// with the profile event ancillary_assessment.

test.describe('ancillary assessment', () => {
  test.use({ timezoneId: 'Asia/Kolkata' });

  test('a patient books a psychological assessment: its own modes, no length step, its fee, booked as an assessment', async ({
    page,
    request,
  }) => {
    test.slow(); // long by nature: the landing, the list and six booking steps with a payment
    const { creds } = await freshPatientOnPage(page, request);
    await answerDashboardModals(request, creds);

    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'Assessments', exact: true }).click();
    await expect(page).toHaveURL(/\/booking\/ancillary-assessment$/);
    const card = page.getByRole('article', { name: 'Psychological assessment with Ananya Rao' });
    await expect(card).toContainText('60 minutes, online or in clinic, ₹4,500');
    await expect(page.getByRole('article', { name: 'ADHD assessment with Vikram Iyer' })).toContainText('₹3,500');
    await card.getByRole('link', { name: 'Book the psychological assessment with Ananya Rao' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Book with Ananya Rao' })).toBeVisible();
    await expect(page.getByLabel('Me and my partner (couple)')).toHaveCount(0);
    await page.getByLabel('Online (video)').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    // The assessment has one length: straight to the date.
    await expect(page).toHaveURL(/step=3/);
    await expect(page).toHaveURL(/duration=60/);
    await page.getByRole('list', { name: 'Dates with free times' }).getByRole('button').first().click();
    await page.locator('.hv-slot').first().click();
    await expect(page).toHaveURL(/step=5/);

    const confirm = page.getByRole('region', { name: 'Check and book' });
    await expect(confirm).toContainText('Psychological assessment');
    await expect(page.getByRole('complementary', { name: 'Your booking' })).toContainText('Assessment, online, 60 minutes');
    await expect(page.getByTestId('confirm-fee')).toHaveText('₹4,500');
    await expect(page.getByRole('form', { name: 'Coupon' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('button', { name: /^Pay / }).click();

    await expect(page.getByRole('heading', { name: 'Your session is booked' })).toBeVisible();
    const uuid = new URL(page.url()).searchParams.get('booking')!;
    const booked = await apiCall<{ data: { session_type: string; fee: number; duration_minutes: number; status: string } }>(
      request,
      creds,
      'get',
      `/bookings/${uuid}`,
    );
    expect([booked.data.session_type, booked.data.fee, booked.data.duration_minutes, booked.data.status]).toEqual([
      'ancillary_assessment',
      4500,
      60,
      'confirmed',
    ]);
    // Product rules, Profiles and members: profile event, through the bus to analytics.
    const id = await anonymousId(page);
    await expect.poll(async () => (await sinkEvents(request, id, 'ancillary_assessment')).length).toBeGreaterThan(0);
  });
});
