import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { priceOf, priceText, type PriceCoupon, type PriceOffering, type ProviderOffer } from '../rules/src/index';
import { cancelReturn, cancelReturnText, moneyText } from '../rules/src/index';
import { API, apiSignIn, signUpFreshPatient } from './support/auth';
import { apiCall, signInAs, type Creds } from './support/dashboard';
import { freshPatientOnPage } from './support/account';
import { seededProvider } from './support/couple';
import { downloadPdf } from './support/pdf-download';

// Screenshots of each money page for a person to look at: MONEY_SHOTS_DIR=<dir>.
const SHOTS = process.env.MONEY_SHOTS_DIR;

// Every rupee accounted for, in the browser: one paid booking with a coupon shows the same number on
// every page, from the one price rule (shared), and a paid booking's checkout says it is paid; a patient
// sees why a time is held. An Indian patient (Asia/Kolkata): the INR price, whatever the cards do abroad.
test.use({ timezoneId: 'Asia/Kolkata' });

interface ApiProvider {
  uuid: string;
  firstname: string;
  lastname: string;
  online_offering: PriceOffering | null;
  offer: ProviderOffer | null;
}
interface ApiBooking {
  uuid: string;
  status: string;
  fee: number;
  currency: string;
  list_price: number;
  price_lines: Array<{ kind: string; amount: number }>;
}

const provider = async (request: APIRequestContext, firstname: string): Promise<ApiProvider> => {
  const r = await request.get(`${API}/providers/${await seededProvider(request, firstname)}`);
  expect(r.ok()).toBe(true);
  return ((await r.json()) as { data: ApiProvider }).data;
};
/** The first free time of a provider's n-th bookable day (Asia/Kolkata), and that day. */
async function freeTime(request: APIRequestContext, uuid: string, nthDay: number): Promise<{ date: string; start: string }> {
  const dates = (await (await request.get(`${API}/providers/${uuid}/schedule_dates?timezone=Asia/Kolkata`)).json()) as {
    data: { dates: Array<{ date: string }> };
  };
  const date = dates.data.dates[nthDay]!.date;
  const slots = (await (await request.get(`${API}/providers/${uuid}/slots?date=${date}&timezone=Asia/Kolkata`)).json()) as {
    data: { slots: Array<{ start_time: string }> };
  };
  return { date, start: slots.data.slots[0]!.start_time };
}
/** The booking flow's URL at a step, the defaults of steps 1 and 2 chosen (online, individual, 50 minutes). */
const flowUrl = (uuid: string, step: number, extra: Record<string, string>) =>
  `/booking?${new URLSearchParams({ provider: uuid, step: String(step), mode: 'online', type: 'individual', duration: '50', tz: 'Asia/Kolkata', ...extra }).toString()}`;

/** Books and pays a session in the browser from the confirm step; answers the booking's uuid. */
async function payFromConfirm(page: Page, amount: string): Promise<string> {
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/step=6/);
  await expect(page.getByTestId('amount-due')).toHaveText(amount);
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page.getByRole('heading', { name: 'Your session is booked' })).toBeVisible();
  return new URL(page.url()).searchParams.get('booking')!;
}

/** The checkout of a paid booking: says so, offers a way on, and never a payment. */
async function expectPaidCheckout(page: Page, amount: string): Promise<void> {
  await expect(page.getByTestId('checkout-paid')).toHaveText(`This session is paid and booked: ${amount}. There is nothing more to pay.`);
  await expect(page.getByRole('link', { name: 'See your session' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to my dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Leave the checkout' })).toHaveCount(0);
  await expect(page.getByText('The payment could not be completed')).toHaveCount(0);
}

test("a paid booking's checkout says it is paid, on Back and on reload", async ({ page, request }) => {
  test.slow(); // a whole booking and payment, then Back and a reload
  const rahul = await provider(request, 'Rahul');
  const amount = priceText(
    priceOf({
      offering: rahul.online_offering!,
      sessionType: 'individual',
      durationMinutes: 50,
      scheduleDiscountPercent: 0,
      international: false,
      offer: rahul.offer,
    }).total,
    'INR',
  );
  const { creds } = await freshPatientOnPage(page, request);
  const { date, start } = await freeTime(request, rahul.uuid, 5);
  await page.goto(flowUrl(rahul.uuid, 5, { date, slot: start }));
  const uuid = await payFromConfirm(page, amount);

  await page.goBack();
  await expect(page).toHaveURL(/step=6/);
  await expectPaidCheckout(page, amount);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/money-walk-paid-checkout.png`, fullPage: true });
  await page.reload();
  await expectPaidCheckout(page, amount);
  await page.getByRole('link', { name: 'See your session' }).click();
  await expect(page).toHaveURL(new RegExp(`/booking/session/${uuid}`));
  await expect(page.getByTestId('session-status')).toHaveText('confirmed');
  // Paid once: one paid payment on record.
  const payments = await apiCall<{ data: Array<{ booking_uuid: string }> }>(request, creds, 'get', '/customers/payments');
  expect(payments.data.filter((p) => p.booking_uuid === uuid)).toHaveLength(1);
});

test("a patient sees why a time is held: another patient's hold, and their own with a way to finish paying", async ({
  page,
  request,
  browser,
}) => {
  test.slow(); // two patients, a hold, a refusal and a payment
  const rahul = await provider(request, 'Rahul');
  const amount = priceText(
    priceOf({
      offering: rahul.online_offering!,
      sessionType: 'individual',
      durationMinutes: 50,
      scheduleDiscountPercent: 0,
      international: false,
      offer: rahul.offer,
    }).total,
    'INR',
  );
  await freshPatientOnPage(page, request);
  const { date, start } = await freeTime(request, rahul.uuid, 6);
  // The patient looks at the times; meanwhile another patient starts paying for the first one.
  await page.goto(flowUrl(rahul.uuid, 4, { date }));
  const first = page.getByRole('list', { name: /^Free times/ }).locator(`[data-start="${start}"]`);
  await expect(first).toBeVisible();
  const holderEmail = await signUpFreshPatient(request);
  const holderPage = await pageOf(browser, request, holderEmail);
  const holder: Creds = await apiSignIn(request, holderEmail);
  await apiCall(request, holder, 'post', '/bookings', { provider_uuid: rahul.uuid, start_time: start, mode: 'online' });

  await first.click();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/step=4/);
  await expect(page.getByRole('alert')).toHaveText(
    'Another patient is paying for that time, so it is held for them for a few minutes. If they do not pay, it becomes free again. Here are the times still free.',
  );
  const held = page.getByRole('list', { name: 'Held times' }).getByTestId('held-time');
  await expect(held).toHaveCount(1);
  await expect(held).toContainText('is held for another patient who is paying for it, until');
  await expect(held.getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('list', { name: /^Free times/ }).locator(`[data-start="${start}"]`)).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/money-walk-held-by-another.png`, fullPage: true });

  // The holder, trying the same time again, is told it is theirs and finishes paying it.
  await holderPage.goto(flowUrl(rahul.uuid, 5, { date, slot: start }));
  await holderPage.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(holderPage.getByTestId('hold-refusal')).toHaveText(
    'You are already holding this time, waiting for your payment. Finish paying for it',
  );
  // At the limit of unpaid holds, another time is refused with the api's reason. One account holds one
  // time of a provider's day, so the other two holds are on other days.
  const slots = (await (await request.get(`${API}/providers/${rahul.uuid}/slots?date=${date}&timezone=Asia/Kolkata`)).json()) as {
    data: { slots: Array<{ start_time: string }> };
  };
  const fourth = slots.data.slots.map((s) => s.start_time).find((at) => at !== start);
  const second = (await freeTime(request, rahul.uuid, 7)).start;
  const third = (await freeTime(request, rahul.uuid, 8)).start;
  const extra: string[] = [];
  for (const at of [second, third])
    extra.push(
      (
        await apiCall<{ data: { uuid: string } }>(request, holder, 'post', '/bookings', {
          provider_uuid: rahul.uuid,
          start_time: at,
          mode: 'online',
        })
      ).data.uuid,
    );
  await holderPage.goto(flowUrl(rahul.uuid, 5, { date, slot: fourth! }));
  await holderPage.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(holderPage.getByTestId('hold-refusal')).toContainText(
    /^You already hold \d+ unpaid sessions: pay for or leave one of them before holding another time\. See your sessions$/,
  );
  for (const uuid of extra) await apiCall(request, holder, 'post', `/bookings/${uuid}/cancel`, { reason: 'test done' });

  await holderPage.goto(flowUrl(rahul.uuid, 4, { date }));
  const mine = holderPage.getByRole('list', { name: 'Held times' }).getByTestId('held-time');
  await expect(mine).toContainText('is held for you until');
  if (SHOTS) await holderPage.screenshot({ path: `${SHOTS}/money-walk-held-by-you.png`, fullPage: true });
  await mine.getByRole('link', { name: 'Finish paying for it' }).click();
  await expect(holderPage).toHaveURL(/step=6/);
  await expect(holderPage.getByTestId('amount-due')).toHaveText(amount);
  await holderPage.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(holderPage.getByRole('heading', { name: 'Your session is booked' })).toBeVisible();
  await holderPage.context().close();
});

async function pageOf(browser: Browser, request: APIRequestContext, email: string): Promise<Page> {
  const context = await browser.newContext({ timezoneId: 'Asia/Kolkata', serviceWorkers: 'block' });
  const p = await context.newPage();
  await signInAs(p, request, email);
  return p;
}

test('one paid booking with a coupon: the same number from the provider card to the credit note', async ({ page, request }) => {
  test.slow(); // the whole walk: list, booking, payment, invoice, cancel, credit note
  const rahul = await provider(request, 'Rahul');
  const coupons = (await (await request.get(`${API}/coupons`)).json()) as { data: Array<PriceCoupon & { code: string }> };
  const welcome = coupons.data.find((c) => c.code === 'WELCOME20');
  expect(welcome, 'the seeded first-session coupon').toBeTruthy();
  const coupon: PriceCoupon = {
    code: welcome!.code,
    discount_percentage: welcome!.discount_percentage,
    discount_amount: welcome!.discount_amount,
    currency: welcome!.currency,
  };
  const { date, start } = await freeTime(request, rahul.uuid, 4);
  // The schedule discount at that time, as the api lists it (0 where it lists none).
  const discounts = (await (
    await request.get(`${API}/providers/${rahul.uuid}/schedule_discounts?timezone=Asia/Kolkata&date=${date}`)
  ).json()) as { data: { slots: Array<{ start_time: string; percent: number }> } };
  const scheduleDiscountPercent = discounts.data.slots.find((s) => s.start_time === start)?.percent ?? 0;
  const input = {
    offering: rahul.online_offering!,
    sessionType: 'individual' as const,
    durationMinutes: 50,
    scheduleDiscountPercent,
    international: false,
    offer: rahul.offer,
  };
  const list = priceOf(input);
  const paid = priceOf({ ...input, coupon });
  expect(paid.total).toBeLessThan(list.total); // the walk is about a coupon that takes something off
  const listText = priceText(list.total, list.currency);
  const paidText = priceText(paid.total, paid.currency);

  const { creds } = await freshPatientOnPage(page, request);
  // 1. The provider card's fee.
  await page.goto('/providers?t=th&c=dep'); // therapists for depression: a short list that holds Rahul
  const card = page
    .getByTestId('provider-card')
    .filter({ has: page.getByRole('heading', { name: `${rahul.firstname} ${rahul.lastname}` }) });
  await expect(card.getByTestId('provider-fee')).toHaveText(listText);
  await card.getByRole('link', { name: `Book a session with ${rahul.firstname} ${rahul.lastname}` }).click();
  await expect(page).toHaveURL(/\/booking\?/);
  await page.goto(flowUrl(rahul.uuid, 5, { date, slot: start }));

  // 2. The confirmation: the fee, then the coupon (applied twice on the page, counted once).
  await expect(page.getByTestId('booking-total')).toHaveText(listText);
  await page.getByLabel('Coupon code').fill(coupon.code);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  const applied = `${coupon.code} applied: you pay ${paidText} instead of ${listText}.`;
  await expect(page.locator('#hv-coupon-result')).toHaveText(applied);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.locator('#hv-coupon-result')).toHaveText(applied);
  // The summary shows the rule's lines, and they add up to what is paid.
  const summary = page.getByRole('complementary', { name: 'Your booking' });
  await expect(summary.getByRole('row')).toHaveText([
    ...paid.lines.map((l) => `${l.label}${l.amount < 0 ? '−' : ''}${priceText(Math.abs(l.amount), paid.currency)}`),
    `Total${paidText}`,
  ]);

  // 3. The payment step: the amount after the coupon, and the booking's lines are the rule's.
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/step=6/);
  await expect(page.getByTestId('amount-due')).toHaveText(paidText);
  const uuid = new URL(page.url()).searchParams.get('booking')!;
  const pending = (await apiCall<{ data: ApiBooking }>(request, creds, 'get', `/bookings/${uuid}`)).data;
  expect({
    fee: pending.fee,
    list: pending.list_price,
    coupons: pending.price_lines.filter((l) => l.kind === 'coupon').length,
    currency: pending.currency,
  }).toEqual({ fee: paid.total, list: paid.list, coupons: 1, currency: paid.currency });
  expect(pending.price_lines.map((l) => [l.kind, l.amount])).toEqual(paid.lines.map((l) => [l.kind, l.amount]));
  await page.getByRole('button', { name: `Pay ${paidText}` }).click();
  await expect(page.getByRole('heading', { name: 'Your session is booked' })).toBeVisible();

  // 4. The invoice: the payments page and the PDF.
  await page.goto('/account/payments');
  const row = page
    .getByRole('list', { name: 'Your payments' })
    .getByRole('listitem')
    .filter({ hasText: `${rahul.firstname} ${rahul.lastname}` });
  // The page writes money as every money screen does (₹720); the PDF keeps the code (its fonts have no ₹).
  await expect(row).toContainText(moneyText(paid.total, paid.currency));
  const invoice = await downloadPdf(page, row.getByRole('button', { name: /^Download invoice/ }));
  expect(invoice.text).toContain(`Total paid: ${moneyText(paid.total, paid.currency)}`);

  // 5. Cancel before the cut-off: the dialog says what comes back, by the same rule.
  await page.goto(`/booking/session/${uuid}?tz=Asia/Kolkata`);
  await page.getByRole('button', { name: 'Cancel session' }).click();
  const back = cancelReturnText(
    cancelReturn({ status: 'confirmed', fee: paid.total, currency: paid.currency, start_time: start, price_lines: paid.lines }, Date.now()),
  );
  expect(back).toContain(paidText);
  await expect(page.getByTestId('cancel-return')).toHaveText(back);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/money-walk-cancel-dialog.png`, fullPage: true });
  await page.getByLabel('Why are you cancelling?').fill('Plans changed');
  await page.getByRole('button', { name: 'Cancel this session' }).click();
  await expect(page.getByText('Your session has been cancelled.')).toBeVisible();

  // 6. The credit note: the same amount back.
  await page.goto('/account/payments');
  await expect(row).toContainText(`Cancelled, refunded ${moneyText(paid.total, paid.currency)}`);
  const credit = await downloadPdf(page, row.getByRole('button', { name: /^Download credit note/ }));
  expect(credit.text).toContain(`Total refunded: ${moneyText(paid.total, paid.currency)}`);
});
