import { expect, test } from '@playwright/test';
import { freshPatientOnPage } from './support/account';
import { answerDashboardModals } from './support/dashboard';
import { actAsChildForCare } from './support/careflows';
import { seededProvider } from './support/couple';
import { toDateAndTime } from './support/booking-walk';
import { pageSettled } from './support/settled';

// A booking that asks only what it must: the steps with one choice are made for the patient, a summary
// stays in view and the checkout repeats it, focus follows each step, and Back after paying finds the
// booking theirs. At a phone's width and a desktop's; screenshots only when asked for (CARE_SHOTS_DIR).
const SHOTS = process.env.CARE_SHOTS_DIR;
const shot = async (page: import('@playwright/test').Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

test.use({ timezoneId: 'Asia/Kolkata' });

for (const width of [360, 1280]) {
  test(`at ${width} px: straight to the date, focus on each heading, the summary beside, and Back after paying finds it theirs`, async ({
    page,
    request,
  }) => {
    test.slow(); // a whole booking, then back through it
    await page.setViewportSize({ width, height: 900 });
    const rahul = await seededProvider(request, 'Rahul');
    const { creds } = await freshPatientOnPage(page, request);
    await answerDashboardModals(request, creds);
    await page.goto(`/booking?provider=${rahul}&step=1`);
    await pageSettled(page);
    // Online only and one length: nothing asked, and the skipped steps are not listed.
    expect(await toDateAndTime(page)).toEqual({ session: false, length: false });
    await expect(page.getByRole('heading', { level: 2, name: 'Choose a date' })).toBeFocused();
    const summary = page.getByRole('complementary', { name: 'Your booking' });
    await expect(summary).toContainText('Rahul Mehta');
    await expect(summary).toContainText('Individual, online, 50 minutes');
    await expect(summary.getByTestId('summary-for')).toHaveText('you');

    // A date button's name begins with what it shows.
    const day = page.getByRole('list', { name: 'Dates with free times' }).getByRole('button').nth(1);
    const shown = ((await day.innerText()).split('\n')[0] ?? '').trim();
    await expect(day).toHaveAccessibleName(new RegExp(`^${shown}, \\d+ free`));
    await day.click();
    await expect(page.getByRole('heading', { name: /^Times on / })).toBeFocused();
    const slot = page
      .getByRole('list', { name: /^Free times/ })
      .getByRole('button')
      .first();
    await expect(slot).toHaveAccessibleName(new RegExp(`^${(await slot.innerText()).split('\n')[0]}`));
    await shot(page, `date-time-${width}`);
    await slot.click();

    await expect(page.getByRole('heading', { name: 'Check and book' })).toBeFocused();
    await expect(summary.getByRole('row')).toHaveText(['Session fee₹900', 'Total₹900']);
    await expect(summary.getByTestId('confirm-when')).toContainText('India Standard Time');
    await shot(page, `confirm-${width}`);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeFocused();
    // The checkout repeats the summary: who, when, for whom, and the lines of what is due.
    await expect(summary).toContainText('Rahul Mehta');
    await expect(summary.getByTestId('summary-for')).toHaveText('you');
    await expect(summary.getByRole('row')).toHaveText(['Session fee₹900', 'Total₹900']);
    await shot(page, `payment-${width}`);
    await page.getByRole('button', { name: 'Pay ₹900' }).click();
    await expect(page.getByRole('heading', { name: 'Your session is booked' })).toBeFocused();
    const booked = new URL(page.url()).searchParams.get('booking');

    // Back, Back, Continue: the time is theirs, never "someone else".
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Paid' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Check and book' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    const said = page.getByTestId('hold-refusal');
    await expect(said).toContainText('You have booked this time: it is yours.');
    await expect(said.getByRole('link', { name: 'See your booking' })).toHaveAttribute('href', new RegExp(`/booking/session/${booked}`));
    await expect(page.getByText(/someone else/)).toHaveCount(0);
    await shot(page, `own-booking-${width}`);
  });
}

test("a child's checkout names the child", async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const { creds } = await freshPatientOnPage(page, request);
  await actAsChildForCare(page, request, creds);
  await page.getByRole('link', { name: 'Book the intake with Dev Malhotra' }).click();
  await toDateAndTime(page);
  await page.getByRole('list', { name: 'Dates with free times' }).getByRole('button').nth(2).click();
  await page
    .getByRole('list', { name: /^Free times/ })
    .getByRole('button')
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Check and book' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Your booking' }).getByTestId('summary-for')).toHaveText('Kiran Test');
  await shot(page, 'child-confirm-360');
});
