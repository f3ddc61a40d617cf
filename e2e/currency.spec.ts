import { expect, test } from '@playwright/test';
import { API, apiSignIn, signUpFreshPatient } from './support/auth';
import { signInAs } from './support/dashboard';
import { toDateAndTime } from './support/booking-walk';

// The currency shown is the currency charged: a patient whose location is international (the browser
// in New York, so the location service says is_international) sees Ananya Rao's international price on
// her card and pays that amount in that currency at checkout; the api keeps the booking in it.

test.describe('a patient located in New York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('sees $38 on the card, at confirmation and on the Pay button, and the booking is $38', async ({ page, request }, testInfo) => {
    test.slow(); // the whole booking
    const email = await signUpFreshPatient(request);
    const list = '/providers?t=th&c=anx';
    await signInAs(page, request, email); // signed in through the api: the log-in is auth.spec's
    await page.goto(list);
    await expect(page).toHaveURL(/\/providers\?/);
    const card = page.getByTestId('provider-card').filter({ has: page.getByRole('heading', { name: 'Ananya Rao' }) });
    await expect(card.getByTestId('provider-fee')).toHaveText('$38');
    // Coupon codes, when shown, are never in another currency than the fee.
    await expect(card.getByText(/₹/)).toHaveCount(0);
    await card.screenshot({ path: testInfo.outputPath('card.png') });

    await card.getByRole('link', { name: 'Book a session with Ananya Rao' }).click();
    await expect(page).toHaveURL(/\/booking\?provider=[0-9a-f-]{36}&step=1/);
    await toDateAndTime(page);
    await page.getByRole('list', { name: 'Dates with free times' }).getByRole('button').nth(1).click();
    await expect(page).toHaveURL(/step=4/);
    const slot = page
      .getByRole('list', { name: /^Free times/ })
      .getByRole('button')
      .first();
    const start = (await slot.getAttribute('data-start')) ?? '';
    await slot.click();
    await expect(page).toHaveURL(/step=5/);
    await expect(page.getByTestId('booking-total')).toHaveText('$38');
    await page.screenshot({ path: testInfo.outputPath('confirm.png'), fullPage: true });

    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/step=6/);
    const pay = page.getByRole('button', { name: 'Pay $38' });
    await expect(pay).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('checkout.png'), fullPage: true });
    await pay.click();
    await expect(page.getByRole('heading', { name: 'Your session is booked' })).toBeVisible();

    // The api charged what the pages showed.
    const c = await apiSignIn(request, email);
    const r = await request.get(`${API}/customers/upcomingsessions`, {
      headers: { 'access-token': c.token, client: c.client, uid: c.uid, expiry: c.expiry },
    });
    expect(r.ok()).toBe(true);
    const { bookings } = (await r.json()) as { bookings: Array<{ start_time: string; status: string; fee: number; currency: string }> };
    expect(bookings.map((b) => [new Date(b.start_time).toISOString(), b.status, b.fee, b.currency])).toEqual([
      [new Date(start).toISOString(), 'confirmed', 38, 'USD'],
    ]);
  });
});
