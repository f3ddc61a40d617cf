import { expect, test, type Page } from '@playwright/test';
import { API } from './support/auth';
import { freshPatientOnPage } from './support/account';
import { apiCall } from './support/dashboard';
import { actAsChildForCare, fullyBookedProvider, hourAhead, providerAddsSlot } from './support/careflows';
import { toDateAndTime } from './support/booking-walk';

// Care flows: when there is no slot.

test.describe('waitlists', () => {
  test.use({ timezoneId: 'Asia/Kolkata' });

  test('no free time: join the waitlist; the provider adds a time; offered in the app; booked', async ({ page, request }) => {
    const provider = await fullyBookedProvider(request);
    const { creds } = await freshPatientOnPage(page, request);
    await page.goto(`/booking?provider=${provider.uuid}&step=1`);
    await toDateAndTime(page);
    await expect(page.getByText('No free times in the next three weeks. Join the waitlist, or choose another provider.')).toBeVisible();
    await expect(page.getByLabel('First day')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(page.getByRole('status').filter({ hasText: `You are on the waitlist for ${provider.name}` })).toBeVisible();

    const start = hourAhead(3);
    expect(await providerAddsSlot(request, provider.uuid, start)).toBe(1);

    await page.getByRole('link', { name: 'Your waitlists' }).click();
    await expect(page).toHaveURL(/\/booking\/waitlist$/);
    const offer = page
      .getByRole('list', { name: 'Offers' })
      .getByRole('listitem')
      .filter({ hasText: `A time opened with ${provider.name}` });
    await expect(offer).toContainText('(new)');
    await expect(offer).toContainText('at 03:30 PM (Asia/Kolkata)');
    await expect(page.getByRole('list', { name: 'Waitlists' }).getByRole('listitem').first()).toContainText('A time opened.');
    // The offer links to step 1; a provider with one kind of session and one length moves the page
    // straight on to the dates (replacing the URL), so the address is checked on the link itself.
    const bookThisTime = offer.getByRole('link', { name: 'Book this time' });
    await expect(bookThisTime).toHaveAttribute('href', `/booking?provider=${provider.uuid}&step=1`);
    await bookThisTime.click();

    await expect(page).toHaveURL(new RegExp(`/booking\\?provider=${provider.uuid}&step=`));
    await toDateAndTime(page);
    const dates = page.getByRole('list', { name: 'Dates with free times' }).getByRole('button');
    await expect(dates).toHaveCount(1);
    await dates.first().click();
    const slot = page.getByRole('list', { name: /^Free times/ }).getByRole('button');
    await expect(slot).toHaveCount(1);
    await expect(slot).toHaveAttribute('data-start', start);
    await slot.click();
    await page.getByRole('button', { name: 'Book this session' }).click();
    await expect(page.getByRole('heading', { name: 'Your session is booked' })).toBeVisible();

    const upcoming = await apiCall<{ bookings: Array<{ start_time: string; status: string; provider: { uuid: string } }> }>(
      request,
      creds,
      'get',
      '/customers/upcomingsessions',
    );
    expect(upcoming.bookings.map((b) => [b.provider.uuid, b.start_time, b.status])).toEqual([[provider.uuid, start, 'confirmed']]);
    const lists = await apiCall<{ data: Array<{ status: string }> }>(request, creds, 'get', '/customers/waitlists');
    expect(lists.data.map((w) => w.status)).toEqual(['booked']);
    await page.goto('/booking/waitlist');
    await expect(page.getByRole('list', { name: 'Offers' }).getByRole('listitem').first()).not.toContainText('(new)');
  });
});

test.describe('children-first care', () => {
  test.use({ timezoneId: 'Asia/Kolkata' });

  /** Steps 1 to 6 of a paid online booking on the first free day and time. */
  async function bookFirstFree(page: Page, fee: string): Promise<string> {
    await toDateAndTime(page);
    await page.getByRole('list', { name: 'Dates with free times' }).getByRole('button').first().click();
    const slot = page
      .getByRole('list', { name: /^Free times/ })
      .getByRole('button')
      .first();
    const start = (await slot.getAttribute('data-start')) ?? '';
    await slot.click();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('button', { name: `Pay ${fee}` }).click();
    await expect(page.getByRole('heading', { name: 'Your session is booked' })).toBeVisible();
    return start;
  }

  test('a parent books the intake, then the clinician, for a child profile', async ({ page, request }) => {
    const { creds } = await freshPatientOnPage(page, request);
    const child = { data: { uuid: await actAsChildForCare(page, request, creds) } };
    await expect(page.getByRole('heading', { name: 'Step 1 of 2: an intake session for Kiran Test' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Intake specialists' })).toBeVisible();
    await page.getByRole('link', { name: 'Book the intake with Dev Malhotra' }).click();
    const intakeStart = await bookFirstFree(page, '₹1,200');

    await page.goto('/booking/children-first');
    await expect(page.getByRole('button', { name: 'Book for Kiran Test' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { name: 'Step 2 of 2: a clinician for Kiran Test' })).toBeVisible();
    await page.getByRole('list', { name: 'Clinicians' }).getByRole('link', { name: 'Book with Leela Menon' }).click();
    const clinicianStart = await bookFirstFree(page, '₹1,600');

    // Both sessions are the child's, none the parent's.
    const h = () => ({ 'access-token': creds.token, client: creds.client, uid: creds.uid, expiry: creds.expiry });
    const session = await request.post(`${API}/customers/profiles/${child.data.uuid}/session`, { headers: h() });
    const token = session.headers()['secondary-profile-access-token'] ?? '';
    if (session.headers()['access-token']) creds.token = session.headers()['access-token']!;
    const kid = await request.get(`${API}/customers/upcomingsessions`, { headers: { ...h(), 'secondary-profile-access-token': token } });
    if (kid.headers()['access-token']) creds.token = kid.headers()['access-token']!;
    const kidSessions = ((await kid.json()) as { bookings: Array<{ start_time: string; status: string; provider: { firstname: string } }> })
      .bookings;
    expect(kidSessions.map((b) => [b.provider.firstname, b.start_time, b.status]).sort()).toEqual(
      [
        ['Dev', intakeStart, 'confirmed'],
        ['Leela', clinicianStart, 'confirmed'],
      ].sort(),
    );
    const own = await apiCall<{ bookings: unknown[] }>(request, creds, 'get', '/customers/upcomingsessions');
    expect(own.bookings).toEqual([]);
  });
});
