import { expect, test, type Page } from '@playwright/test';
import { API } from './support/auth';
import { signInAs } from './support/dashboard';
import { axeViolations } from './support/axe';
import { downloadPdf } from './support/pdf-download';

// "an invoice downloads for a paid session": the demo patient's paid session with Ananya Rao
// and their refunded one with Rahul Mehta (api/src/seed/invoice.ts), from Payments and invoices.

const row = (page: Page, provider: string) =>
  page.getByRole('list', { name: 'Your payments' }).getByRole('listitem').filter({ hasText: provider });

test('an invoice downloads for a paid session, and a credit note for a refunded one', async ({ page, request }) => {
  await signInAs(page, request, 'patient@haven.test');
  await page.goto('/dashboard');
  // The completed sessions lead to the payments page (the first page of a fresh server may be slow).
  await page.getByRole('link', { name: 'Payments and invoices' }).first().click({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/account\/payments$/);
  await expect(page.getByRole('heading', { name: 'Payments and invoices' })).toBeVisible();

  const paid = row(page, 'Ananya Rao');
  await expect(paid).toContainText('₹1,500 · Completed');
  const invoiceNumber = (await paid.textContent())!.match(/Invoice (INV-\d{4}-\d{6})/)![1]!;
  await expect(paid.getByRole('button', { name: /credit note/ })).toHaveCount(0);
  const invoice = await downloadPdf(page, paid.getByRole('button', { name: /^Download invoice for Ananya Rao/ }));
  expect(invoice.name).toBe(`${invoiceNumber}.pdf`);
  expect(invoice.text).toContain(`Number: ${invoiceNumber}`);
  expect(invoice.text).toContain('Total paid: ₹1,500');
  expect(invoice.text).toContain('Priya Sharma');

  const refunded = row(page, 'Rahul Mehta');
  await expect(refunded).toContainText('Cancelled, refunded ₹900');
  const [, refundedInvoice, creditNumber] = (await refunded.textContent())!.match(
    /Invoice (INV-\d{4}-\d{6}) · Credit note (CN-\d{4}-\d{6})/,
  )!;
  const credit = await downloadPdf(page, refunded.getByRole('button', { name: /^Download credit note for Rahul Mehta/ }));
  expect(credit.name).toBe(`${creditNumber}.pdf`);
  expect(credit.text).toContain(`Number: ${creditNumber}`);
  expect(credit.text).toContain(`Against invoice: ${refundedInvoice}`);
  expect(credit.text).toContain('Total refunded: ₹900');
  expect(await axeViolations(page, 'payments and invoices')).toEqual([]);
});

test('a download that fails says so and saves nothing', async ({ page, request }) => {
  await signInAs(page, request, 'patient@haven.test');
  await page.route(`${API}/customers/bookings/*/invoice`, (route) => route.abort('internetdisconnected'));
  let downloads = 0;
  page.on('download', () => {
    downloads += 1;
  });
  await page.goto('/account/payments');
  await row(page, 'Ananya Rao')
    .getByRole('button', { name: /^Download invoice/ })
    .click({ timeout: 20_000 });
  await expect(page.getByRole('alert').filter({ hasText: "We couldn't download the invoice: no connection to Haven." })).toBeVisible();
  expect(downloads).toBe(0);
});
