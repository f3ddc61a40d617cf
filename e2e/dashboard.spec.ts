import { expect, test, type Page } from '@playwright/test';
import { signUpFreshPatient } from './support/auth';
import {
  answerDashboardModals,
  apiCall,
  bookFreshSession,
  fullLabel,
  markToursSeen,
  signInAs,
  timeLabel,
  upcoming,
  type ApiBooking,
} from './support/dashboard';
import { liveSession } from './support/session-room';
import { cancelReturnText } from '../rules/src/index';

// The patient's home against the api: sessions with Today/Tomorrow and zone labels in two
// browser zones with a fixed clock, join, cancel, reschedule, a failing sessions call, the signed-out
// redirect and the plan's visibility flags.

const DAY = 86_400_000;
const upcomingSection = (page: Page) => page.getByRole('region', { name: 'Upcoming sessions' });
const completedSection = (page: Page) => page.getByRole('region', { name: /Completed sessions/ });
/** An upcoming session's card. */
const card = (page: Page, name: string) => upcomingSection(page).getByRole('article', { name: `Session with ${name}` });
/** The provider's card in the care team. */
const teamCard = (page: Page, role: string, name: string) =>
  page.getByRole('region', { name: 'Your care team' }).getByRole('article', { name: `Your ${role}: ${name}` });

test.describe('in Asia/Kolkata', () => {
  test.use({ timezoneId: 'Asia/Kolkata' });

  test('the patient sees upcoming, suggested and completed sessions with Tomorrow, full dates and the zone by name', async ({
    page,
    request,
  }) => {
    const c = await signInAs(page, request, 'patient@haven.test');
    const { bookings, suggested_bookings } = await upcoming(request, c);
    const ananya = bookings.find((b) => b.provider.firstname === 'Ananya')!;
    const vikram = bookings.find((b) => b.provider.firstname === 'Vikram')!;
    // The day before Ananya's session, same hour: hers is "Tomorrow", Vikram's (two days later) a full date.
    await page.clock.setFixedTime(Date.parse(ananya.start_time) - DAY);
    await page.goto('/dashboard');

    const a = card(page, 'Ananya Rao');
    await expect(a).toContainText(`Tomorrow, ${timeLabel(ananya.start_time, 'Asia/Kolkata')} India Standard Time (GMT+5:30)`);
    await expect(a).toContainText('Therapist · Individual session · Online');
    await expect(a.getByRole('button', { name: 'Join' })).toBeDisabled();
    const v = card(page, 'Vikram Iyer');
    await expect(v).toContainText(`${fullLabel(vikram.start_time, 'Asia/Kolkata')} India Standard Time (GMT+5:30)`);
    await expect(v).toContainText('Psychiatrist · Individual session · In clinic · Delhi NCR, Saket');
    await expect(card(page, 'Kabir Singh')).toContainText('Couple session');
    expect(suggested_bookings).toHaveLength(1);
    await expect(page.getByRole('region', { name: 'Suggested by your provider' }).getByRole('article')).toHaveCount(1);
    await expect(completedSection(page)).toContainText('Completed sessions (3)');
    await expect(
      completedSection(page)
        .getByRole('link', { name: /Book again/ })
        .first(),
    ).toHaveAttribute('href', /^\/booking\?provider=.+&step=1$/);
    await expect(page.getByRole('note')).toHaveCount(0);
    await expect(page.getByText('Invalid Date')).toHaveCount(0);
  });

  test('join opens the session room with a payload that decodes to the credentials and redirectUrl', async ({ page, request }) => {
    const c = await signInAs(page, request, 'patient@haven.test');
    const ananya = (await upcoming(request, c)).bookings.find((b) => b.provider.firstname === 'Ananya')!;
    await page.clock.setFixedTime(Date.parse(ananya.start_time) - 5 * 60_000);
    await page.goto('/dashboard');
    const a = card(page, 'Ananya Rao');
    await expect(a).toContainText(`Today, ${timeLabel(ananya.start_time, 'Asia/Kolkata')} India Standard Time (GMT+5:30)`);
    // The room takes the payload out of the address at once: read the address Join opened from the navigations.
    const opened: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) opened.push(frame.url());
    });
    await a.getByRole('button', { name: 'Join' }).click();

    // A browser tab, not the installed web app (display-mode standalone): e2e/entry.spec.ts covers the installed case.
    const roomAddress = new RegExp(`/session-room/${ananya.uuid}/(?!entry/)[^/]+/website\\?is_web_app=false$`);
    await expect.poll(() => opened.find((url) => roomAddress.test(url)) ?? null).not.toBeNull();
    await expect(page).toHaveURL(new RegExp(`/session-room/${ananya.uuid}/entry/website\\?is_web_app=false$`));
    const encoded = decodeURIComponent(new URL(opened.find((url) => roomAddress.test(url))!).pathname.split('/')[3]!);
    const payload = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as Record<string, string>;
    expect(Object.keys(payload).sort()).toEqual(['access-token', 'client', 'expiry', 'redirectUrl', 'uid']);
    expect(payload.uid).toBe('patient@haven.test');
    expect(payload.redirectUrl).toBe(encodeURIComponent('http://localhost:3000/dashboard'));
  });

  test('cancel with a reason changes what the api holds and what the page shows', async ({ page, request }) => {
    const email = await signUpFreshPatient(request);
    const c = await signInAs(page, request, email);
    const booking = await bookFreshSession(request, c, 1);
    await answerDashboardModals(request, c);
    await page.goto('/dashboard');
    const rahul = card(page, 'Rahul Mehta');
    // The care team shows the session as Rahul's next one, and is told at once when it is cancelled.
    const team = teamCard(page, 'therapist', 'Rahul Mehta');
    await expect(team.locator('time')).toHaveAttribute('datetime', booking.start_time);
    const when = (await rahul.locator('time').innerText()).trim();
    await rahul.getByRole('button', { name: 'Cancel' }).click();

    const dialog = page.getByRole('dialog', { name: 'Cancel session' });
    await expect(dialog).toBeVisible();
    // What comes back is said before the patient confirms: a paid session, the full amount.
    const paid = await apiCall<{ data: { fee: number; currency: string } }>(request, c, 'get', `/bookings/${booking.uuid}`);
    expect(paid.data.fee).toBeGreaterThan(0);
    await expect(dialog.getByTestId('cancel-return')).toHaveText(
      cancelReturnText({ kind: 'refund', amount: paid.data.fee, currency: paid.data.currency }),
    );
    await expect(dialog.getByTestId('cancel-return')).toContainText('You get back');
    // The confirming button is styled as the destructive act it is.
    await expect(dialog.getByRole('button', { name: 'Cancel session' })).toHaveClass(/hv-button--danger\b/);
    await dialog.getByRole('button', { name: 'Cancel session' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please choose a reason.');
    await dialog.getByLabel('I am feeling better').check();
    await dialog.getByLabel('Anything else you want to tell us (optional)').fill('Thank you');
    await dialog.getByRole('button', { name: 'Cancel session' }).click();

    await expect(dialog).toBeHidden();
    await expect(rahul).toHaveCount(0);
    await expect(upcomingSection(page)).toContainText('You have no sessions booked.');
    await expect(upcomingSection(page).getByRole('link', { name: 'Find a provider' })).toBeVisible();
    await expect(
      upcomingSection(page)
        .getByRole('status')
        .filter({ hasText: /^Your session/ }),
    ).toHaveText(`Your session with Rahul Mehta on ${when} India Standard Time (GMT+5:30) has been cancelled.`);
    await expect(team).toContainText('No session booked');
    const after = await apiCall<{ data: ApiBooking }>(request, c, 'get', `/bookings/${booking.uuid}`);
    expect(after.data).toMatchObject({ status: 'cancelled', cancel_reason: 'I am feeling better: Thank you' });
  });

  test('a session under way with a care-team provider is shown on their card (not "No session booked")', async ({ page, request }) => {
    const email = await signUpFreshPatient(request);
    const c = await signInAs(page, request, email);
    // Rahul joins the care team with a booked session; that one is cancelled, and one with him starts now.
    const booked = await bookFreshSession(request, c, 1);
    await apiCall(request, c, 'post', `/bookings/${booked.uuid}/cancel`, { reason: 'Other' });
    const live = await liveSession(request, email, 'confirmed', booked.provider.uuid);
    await answerDashboardModals(request, c);
    await page.goto('/dashboard');
    await expect(card(page, 'Rahul Mehta')).toBeVisible();
    const team = teamCard(page, 'therapist', 'Rahul Mehta');
    await expect(team).toContainText('Session under way');
    await expect(team).not.toContainText('No session booked');
    const held = await apiCall<{ data: ApiBooking }>(request, c, 'get', `/bookings/${live.uuid}`);
    await expect(team.locator('time')).toHaveAttribute('datetime', held.data.start_time);
  });

  test('reschedule moves the session in the api and on the page; Escape closes the dialog and focus returns', async ({ page, request }) => {
    const email = await signUpFreshPatient(request);
    const c = await signInAs(page, request, email);
    const booking = await bookFreshSession(request, c, 2);
    await answerDashboardModals(request, c);
    await page.goto('/dashboard');
    const rahul = card(page, 'Rahul Mehta');
    const reschedule = rahul.getByRole('button', { name: 'Reschedule' });

    await reschedule.click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule session' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(reschedule).toBeFocused();

    await reschedule.click();
    const newDay = new Date(Date.parse(booking.start_time) + DAY).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
    await dialog.getByLabel('Day').fill(newDay);
    const firstSlot = dialog.getByRole('radio').first();
    await expect(firstSlot).toBeVisible();
    const chosen = (await firstSlot.getAttribute('value'))!;
    await firstSlot.check();
    await dialog.getByRole('button', { name: 'Move session' }).click();
    await expect(dialog).toBeHidden();

    const after = await apiCall<{ data: ApiBooking }>(request, c, 'get', `/bookings/${booking.uuid}`);
    expect(after.data.start_time).toBe(new Date(chosen).toISOString());
    await expect(rahul.locator('time')).toHaveAttribute('datetime', after.data.start_time);
    // Said at once, and the care team's next session is the new time without a reload.
    const when = (await rahul.locator('time').innerText()).trim();
    await expect(
      upcomingSection(page)
        .getByRole('status')
        .filter({ hasText: /^Your session/ }),
    ).toHaveText(`Your session with Rahul Mehta has been moved to ${when} India Standard Time (GMT+5:30).`);
    await expect(teamCard(page, 'therapist', 'Rahul Mehta').locator('time')).toHaveAttribute('datetime', after.data.start_time);
  });

  test('a failing sessions call leaves the page usable and shows no error text', async ({ page, request }) => {
    await signInAs(page, request, 'patient@haven.test');
    await page.route('**/api/v1/customers/upcomingsessions', (route) =>
      route.fulfill({ status: 500, json: { success: false, message: 'boom' } }),
    );
    await page.goto('/dashboard');
    await expect(upcomingSection(page).getByRole('button', { name: 'Refresh sessions' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText(/boom|error|went wrong/i)).toHaveCount(0);
    await expect(completedSection(page).getByRole('article', { name: 'Session with Vikram Iyer' })).toBeVisible(); // completed still load
    await expect(page.getByRole('link', { name: 'Care tools' })).toBeVisible();
  });
});

test.describe('in America/New_York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('the international patient sees Today with the New York zone and the foreign-zone note', async ({ page, request }) => {
    const c = await signInAs(page, request, 'intl@haven.test');
    const sara = (await upcoming(request, c)).bookings[0]!;
    await page.clock.setFixedTime(Date.parse(sara.start_time) - 60 * 60_000);
    await page.goto('/dashboard');
    // One way to write a zone everywhere: its long name and its offset, e.g. "Eastern Standard Time (GMT-5)".
    const part = (style: 'long' | 'shortOffset') =>
      new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', timeZoneName: style })
        .formatToParts(new Date(sara.start_time))
        .find((p) => p.type === 'timeZoneName')!.value;
    const zone = `${part('long')} (${part('shortOffset')})`;
    await expect(card(page, 'Sara Collins')).toContainText(`Today, ${timeLabel(sara.start_time, 'America/New_York')} ${zone}`);
    await expect(page.getByRole('note')).toHaveText(`Times are shown in your current time zone: ${zone}.`);
  });
});

test.describe('access and plans', () => {
  test('a signed-out visitor opening a dashboard route goes to log-in with redirectPath back to it', async ({ page }) => {
    await page.goto('/journal?x=1');
    await expect(page).toHaveURL(/\/auth\/log-in\/\?redirectPath=%2Fjournal%3Fx%3D1$/);
  });

  test('visibility flags hide and show sections for two plans', async ({ page, request, browser }) => {
    await signInAs(page, request, 'patient@haven.test');
    await page.goto('/dashboard');
    const care = page.getByRole('navigation', { name: 'Find care' });
    await expect(care.getByRole('link', { name: 'Psychiatry', exact: true })).toBeVisible();
    await expect(care.getByRole('link', { name: 'Therapy in a clinic', exact: true })).toHaveCount(0);

    const other = await browser.newPage();
    await signInAs(other, request, 'employee@globex.test');
    await other.goto('/dashboard');
    const otherCare = other.getByRole('navigation', { name: 'Find care' });
    await expect(otherCare.getByRole('link', { name: 'Therapy', exact: true })).toBeVisible();
    await expect(otherCare.getByRole('link', { name: 'Psychiatry', exact: true })).toHaveCount(0);
    await other.close();

    const acme = await browser.newPage();
    await signInAs(acme, request, 'employee@acme.test');
    await acme.goto('/dashboard');
    await expect(
      acme.getByRole('navigation', { name: 'Find care' }).getByRole('link', { name: 'Therapy in a clinic', exact: true }),
    ).toBeVisible();
    await acme.close();
  });
});

test.describe('dashboard modals', () => {
  test('a new patient gets one welcome whose steps are every due prompt, as a real dialog; never again after a reload or in a second tab', async ({
    page,
    request,
    context,
  }) => {
    const email = await signUpFreshPatient(request);
    const c = await signInAs(page, request, email);
    await page.goto('/dashboard');

    // 1. the legal consents, in the words of whoever gives them: must be answered (Escape does not close
    //    it), focus is inside.
    const legal = page.getByRole('dialog', { name: 'Please review and accept' });
    await expect(legal.getByRole('heading', { name: 'Step 1 of 4: Before we start' })).toBeVisible();
    await expect(legal.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(legal).toBeVisible();
    for (const box of await legal.getByRole('checkbox').all()) await box.check();
    await legal.getByRole('button', { name: 'Accept and continue' }).click();
    const welcome = page.getByRole('dialog', { name: 'Welcome to Haven' });

    // 2. the first step, 3. the AI choice, 4. family profiles: steps of the same dialog, focus on each heading.
    await expect(welcome).toHaveAccessibleDescription('Step 2 of 4');
    await expect(welcome.getByRole('heading', { name: 'Your first step' })).toBeFocused();
    await welcome.getByRole('button', { name: 'Explore on my own' }).click();
    await expect(welcome.getByRole('heading', { name: 'Would you like AI to help with your care?' })).toBeFocused();
    await welcome.getByRole('button', { name: 'Allow', exact: true }).click();
    await expect(welcome).toHaveAccessibleDescription('Step 4 of 4');
    await welcome.getByRole('button', { name: 'Got it' }).click();
    await expect(welcome).toBeHidden();
    await expect(page.getByRole('group', { name: 'AI assistance' })).toContainText('AI assistance: on');

    // The welcome took this visit: the dashboard tour is offered, not started.
    await expect(page.getByRole('button', { name: 'Take the tour of this page' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const ai = await apiCall<{ data: { ai_consent: boolean; is_ai_consent_modal_viewed: boolean } }>(
      request,
      c,
      'get',
      '/customers/ai_consents',
    );
    expect(ai.data).toMatchObject({ ai_consent: true, is_ai_consent_modal_viewed: true });
    const policy = await apiCall<{ privacy_policy_consent_status: string }>(request, c, 'get', '/customers/privacy_policy_consent_status');
    expect(policy.privacy_policy_consent_status).toBe('accepted');

    for (const tab of [page, await context.newPage()]) {
      if (tab === page) await page.reload();
      else await tab.goto('/dashboard');
      // The chip shows only once no modal is due: every condition has been read by then.
      await expect(tab.getByRole('group', { name: 'AI assistance' })).toBeVisible();
      await expect(tab.getByRole('dialog')).toHaveCount(0);
    }
  });
});

test.describe('journal', () => {
  test('a draft survives a reload and a failed save; saved entries can be edited and deleted', async ({ page, request }) => {
    const email = await signUpFreshPatient(request);
    await markToursSeen(request, await signInAs(page, request, email));
    await page.goto('/journal');
    const editor = page.getByRole('form', { name: 'New entry' });
    await editor.getByLabel('Title').fill('Tuesday');
    await editor.getByLabel('What is on your mind?').fill('Walked to work; felt calmer.');
    await page.reload();
    await expect(editor.getByLabel('Title')).toHaveValue('Tuesday');
    await expect(editor.getByLabel('What is on your mind?')).toHaveValue('Walked to work; felt calmer.');

    await page.route('**/api/v1/journal_entries', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: { success: false, message: 'Internal server error' } })
        : route.continue(),
    );
    await editor.getByRole('button', { name: 'Save entry' }).click();
    await expect(editor.getByRole('alert')).toHaveText('Your entry was not saved. It is kept on this device; please try again.');
    await expect(editor.getByLabel('What is on your mind?')).toHaveValue('Walked to work; felt calmer.');
    await page.reload();
    await expect(editor.getByLabel('What is on your mind?')).toHaveValue('Walked to work; felt calmer.');

    await page.unroute('**/api/v1/journal_entries');
    await editor.getByRole('button', { name: 'Save entry' }).click();
    const entry = page.getByRole('article', { name: 'Tuesday' });
    await expect(entry).toContainText('Walked to work; felt calmer.');
    await expect(editor.getByLabel('Title')).toHaveValue('');

    await entry.getByRole('button', { name: 'Edit Tuesday' }).click();
    const editing = page.getByRole('form', { name: 'Edit entry' });
    await editing.getByLabel('What is on your mind?').fill('Walked to work; felt calmer all day.');
    await editing.getByRole('button', { name: 'Save entry' }).click();
    await expect(entry).toContainText('felt calmer all day.');

    await entry.getByRole('button', { name: 'Delete Tuesday' }).click();
    await page.getByRole('dialog', { name: 'Delete this entry?' }).getByRole('button', { name: 'Delete entry' }).click();
    await expect(entry).toHaveCount(0);
    await expect(page.getByText('No entries yet. Write your first one above.')).toBeVisible();
  });
});

test.describe('nudges', () => {
  test('the four nudges appear in order and an NPS answer is recorded', async ({ page, request }) => {
    // Acme's employee has all four nudges; this test answers the NPS one (the patient demo keeps its own).
    const c = await signInAs(page, request, 'employee@acme.test');
    await answerDashboardModals(request, c);
    await page.goto('/dashboard');
    const nudges = page.getByRole('region', { name: 'For you' });
    await expect(nudges.getByRole('article')).toHaveText([/recommend us/, /last session/, /reflect/, /Get the app/]);

    await nudges
      .getByRole('group', { name: /Score from 0/ })
      .getByRole('button', { name: '7', exact: true })
      .click();
    await expect(nudges.getByRole('status')).toHaveText('Thank you for your answer.');
    const nps = await apiCall<{ data: { last_score: number | null } }>(request, c, 'get', '/customers/nps');
    expect(nps.data.last_score).toBe(7);
  });
});
