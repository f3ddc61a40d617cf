import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { freshPatientOnPage } from './support/account';
import { answerDashboardModals, signInAs } from './support/dashboard';
import { outboxOf, seededProvider } from './support/couple';
import { toDateAndTime } from './support/booking-walk';

// Booking details: a couple booking with its participant (the partner), appointment links,
// schedule counts and discounts on the date strip, and the dashboard's next-session slots.

test.describe('couple booking', () => {
  test.use({ timezoneId: 'Asia/Kolkata' });

  test('a couple booking with its participant: asked at Confirm, kept across a failed payment, on the booking, sent the appointment, changed, and on the dashboard', async ({
    page,
    request,
  }) => {
    test.slow(); // long by nature: the whole journey: seven steps, a failed and a good payment, the session page and the dashboard
    const kabir = await seededProvider(request, 'Kabir');
    const { creds } = await freshPatientOnPage(page, request);
    await answerDashboardModals(request, creds);
    const partnerEmail = `partner-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;

    await page.goto(`/booking?provider=${kabir}&step=1`);
    await page.getByLabel('Me and my partner (couple)').check();
    await toDateAndTime(page);
    // Schedule counts: every day of three weeks; Kabir does not work on Sundays, so some day has none and is no button.
    const strip = page.getByRole('list', { name: 'Dates with free times' });
    await expect(strip.getByRole('listitem')).toHaveCount(21);
    await expect(strip.getByText('None free').first()).toBeVisible();
    await expect(strip.getByRole('button', { name: /, \d+ free, 20% off, / }).first()).toBeVisible();
    await strip.getByRole('button').first().click();
    await page.locator('.hv-slot').first().click();
    await expect(page).toHaveURL(/step=5/);

    // The partner is asked for; nothing is booked until it is right.
    const partner = page.getByRole('group', { name: 'Your partner' });
    await expect(partner).toBeVisible();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByLabel("Partner's name")).toBeFocused();
    await expect(partner).toContainText("Enter your partner's name");
    await page.getByLabel("Partner's name").fill('Sameer Ahmed');
    await page.getByLabel(/^Partner's e-mail/).fill('sameer@');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByLabel(/^Partner's e-mail/)).toBeFocused();
    await expect(partner).toContainText('Enter a valid e-mail address for your partner');
    await page.getByLabel(/^Partner's e-mail/).fill(partnerEmail);
    await page.getByLabel(/^Partner's mobile/).fill('98123 45678');
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    // A failed payment books nothing; back at Confirm the partner is still as typed.
    await page.getByRole('button', { name: 'Simulate a failed payment' }).click();
    await expect(page).toHaveURL(/step=5/);
    await expect(page.getByLabel("Partner's name")).toHaveValue('Sameer Ahmed');
    await expect(page.getByLabel(/^Partner's e-mail/)).toHaveValue(partnerEmail);
    await expect(page.getByLabel(/^Partner's mobile/)).toHaveValue('98123 45678');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('button', { name: /^Pay / }).click();

    // Booked: the partner is on the booking; the appointment goes to them; the calendar file downloads.
    await expect(page.getByRole('heading', { name: 'Your session is booked' })).toBeVisible();
    await expect(page.getByTestId('partner')).toHaveText(`Sameer Ahmed · ${partnerEmail} · +919812345678`);
    await page.getByRole('button', { name: 'Send the appointment to Sameer Ahmed' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'We sent Sameer Ahmed the appointment.' })).toBeVisible();
    const [mail] = await outboxOf(request, partnerEmail, 'email');
    // The product's own text only: no name typed by the booker reaches another person's inbox.
    expect(mail!.body).toMatch(/^Hello, your partner booked a couple session for you both with Kabir Singh on /);
    expect(mail!.body).not.toContain('Sameer');
    await expect(page.getByText('Online, by video. The room opens')).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Add to calendar (.ics)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^haven-session-\d{4}-\d\d-\d\d\.ics$/);
    const ics = await readFile((await download.path())!, 'utf8');
    expect(ics).toContain('SUMMARY:Couple session with Kabir Singh');

    // The session page: the partner is changed; what was typed stays when the api refuses it.
    await page.getByRole('link', { name: 'Reschedule or cancel' }).click();
    await expect(page.getByTestId('partner')).toContainText('Sameer Ahmed');
    await page.getByRole('button', { name: 'Change partner' }).click();
    await expect(page.getByLabel(/^Partner's mobile/)).toHaveValue('9812345678');
    await page.getByLabel("Partner's name").fill('Sameer A. Khan');
    await page.getByLabel(/^Partner's e-mail/).fill('');
    await page.getByRole('button', { name: 'Save partner' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your partner is saved.' })).toBeVisible();
    await expect(page.getByTestId('partner')).toHaveText('Sameer A. Khan · +919812345678');

    // The dashboard's card of the session names the partner.
    await page.goto('/dashboard');
    const card = page.getByRole('region', { name: 'Upcoming sessions' }).getByRole('article', { name: 'Session with Kabir Singh' });
    await expect(card.getByTestId('session-partner')).toContainText('With your partner Sameer A. Khan');
  });
});

test.describe('next session', () => {
  test.use({ timezoneId: 'Asia/Kolkata' });

  test('the dashboard offers the next free times with the same provider; one tap opens Confirm with that time', async ({
    page,
    request,
  }) => {
    const creds = await signInAs(page, request, 'couple@haven.test');
    await answerDashboardModals(request, creds);
    await page.goto('/dashboard');
    const offer = page.getByRole('region', { name: 'Book your next session with Kabir Singh' });
    const times = offer.getByRole('list', { name: 'Next free times with Kabir Singh' }).getByRole('link');
    await expect(times).toHaveCount(3);
    await expect(offer).toContainText('Couple session, online, 50 minutes.');
    const card = page.getByRole('region', { name: 'Upcoming sessions' }).getByRole('article', { name: 'Session with Kabir Singh' });
    await expect(card.getByTestId('session-partner')).toContainText('With your partner Sameer Ahmed');

    const first = times.first();
    const shown = (await first.textContent())?.replace(/^Book /, '').split(' · ')[0] ?? '';
    const slot = new URL((await first.getAttribute('href')) ?? '', 'http://x.test').searchParams.get('slot');
    await first.click();
    await expect(page).toHaveURL(/\/booking\?.*step=5/);
    await expect(page.getByRole('heading', { name: 'Check and book' })).toBeVisible();
    await expect(page.getByTestId('confirm-when')).toContainText(shown);
    expect(slot).toMatch(/^\d{4}-\d\d-\d\dT/);
    await expect(page.getByRole('group', { name: 'Your partner' })).toBeVisible();
  });
});
