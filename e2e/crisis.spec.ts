import { expect, test, type Page } from '@playwright/test';
import { API, signUpFreshPatient } from './support/auth';
import { markToursSeen, signInAs } from './support/dashboard';
import { providerRoomPath } from './support/session-room';
import { HELPLINES, telHref } from '../shared/src/pure/crisis-help/helplines';

// Crisis answers outrank everything: PHQ-9 item 9 answered "Nearly every day". The product places a person
// by the device's time zone (the location answer), so each run is a browser in one zone; it sees that
// country's lines, one tap to call, as soon as item 9 is answered and again before the score, and the
// provider of the patient's session sees the flag. Here India and the United States, from a real device
// zone to the page; every country of the helpline table is a table where each part lives: the zone to
// the country (api/test/assessment-risk.test.ts) and the country to its lines on the page
// (mfe-dashboard's AssessmentsPage.test.tsx).

test.describe.configure({ mode: 'parallel' });

const ZONE: Record<string, string> = { IN: 'Asia/Kolkata', US: 'America/New_York' };
const SHOTS = process.env.CRISIS_SHOTS_DIR;

test('on a phone: item 9 brings crisis help into view with focus; a severe score without item 9 offers helplines and a clinician today', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ timezoneId: 'Asia/Kolkata', viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  const c = await signInAs(page, request, await signUpFreshPatient(request));
  await markToursSeen(request, c);
  await page.goto('/assessments/phq-9');
  const form = await answerPhq9(page, 'Several days');
  const heading = form.getByRole('heading', { name: 'Please reach out for help now' });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  // Severe (8 x "Nearly every day" = 24) with item 9 "Not at all": no crisis alert, but care today.
  await answerPhq9(page, 'Not at all', 'Nearly every day');
  await form.getByRole('button', { name: 'See my result' }).click();
  await expect(page.getByRole('heading', { name: 'Your result' })).toBeFocused();
  await expect(page.getByText(/score 24 of 27, in the severe \(20-27\) range/)).toBeVisible();
  const today = page.getByRole('region', { name: 'Please talk to someone today' });
  await expect(today.getByRole('link', { name: 'Talk to a care coordinator today' })).toBeVisible();
  await expect(today.getByRole('link', { name: /^Tele-MANAS/ }).first()).toHaveAttribute('href', 'tel:14416');
  await expect(page.getByRole('alert', { name: 'Please reach out for help now' })).toHaveCount(0);
  await context.close();
});

async function answerPhq9(page: Page, item9: string, others = 'Not at all') {
  const form = page.getByRole('form', { name: 'Depression check (PHQ-9)' });
  for (let i = 1; i <= 8; i++)
    await form
      .getByRole('group', { name: new RegExp(`^${i}\\.`) })
      .getByLabel(others)
      .check();
  await form.getByRole('group', { name: /^9\./ }).getByLabel(item9).check();
  return form;
}

for (const country of HELPLINES.filter((entry) => ZONE[entry.code])) {
  test(`${country.country} (${ZONE[country.code]}): item 9 "Nearly every day" shows ${country.country}'s helplines with tel: links before the score`, async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext({ timezoneId: ZONE[country.code] });
    const page = await context.newPage();
    const email = await signUpFreshPatient(request);
    const c = await signInAs(page, request, email);
    await markToursSeen(request, c);
    await page.goto('/assessments/phq-9');
    const form = await answerPhq9(page, 'Nearly every day');

    // At once, before the form is sent.
    const live = form.getByRole('alert', { name: 'Please reach out for help now' });
    await expect(live.getByRole('heading', { level: 3 }).first()).toHaveText(country.country);
    for (const line of country.lines) {
      await expect(live.getByRole('link', { name: `${line.name} ${line.number}` }).first()).toHaveAttribute('href', telHref(line.number));
    }
    if (SHOTS && country.code === 'IN') {
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await live.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/item9-answering-${width}.png` });
      }
    }

    await form.getByRole('button', { name: 'See my result' }).click();
    const score = page.getByText('Depression check (PHQ-9): score 3 of 27, in the minimal (0-4) range: few or no signs of depression.');
    await expect(score).toBeVisible();
    const help = page.getByRole('alert', { name: 'Please reach out for help now' });
    // The form and its button are gone: focus is on the crisis help that replaced them, on screen.
    const helpHeading = help.getByRole('heading', { name: 'Please reach out for help now' });
    await expect(helpHeading).toBeFocused();
    await expect(helpHeading).toBeInViewport();
    await expect(help.getByRole('heading', { level: 3 }).first()).toHaveText(country.country);
    const first = country.lines[0]!;
    await expect(help.getByRole('link', { name: `${first.name} ${first.number}` }).first()).toHaveAttribute('href', telHref(first.number));
    const [helpBox, scoreBox] = [await help.boundingBox(), await score.boundingBox()];
    expect(helpBox!.y + helpBox!.height, 'crisis help ends above the score').toBeLessThanOrEqual(scoreBox!.y);
    await expect(page.locator('main')).not.toContainText('next session');
    if (SHOTS && country.code === 'IN') {
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${SHOTS}/item9-result-${width}.png`, fullPage: true });
      }
    }

    // The flag is recorded: the provider of this patient's session sees it in their room view.
    const room = await request.post(`${API}/dev/session_room`, { data: { email } });
    expect(room.ok()).toBe(true);
    const { uuid, room_token } = (await room.json()).data as { uuid: string; room_token: string };
    const join = await request.post(`${API}/session_room/${uuid}/join`, { data: { room_token } });
    expect(join.ok()).toBe(true);
    const risk = (await join.json()).data.patient_risk;
    expect(risk.assessment).toBe('phq-9');
    expect(risk.flags).toEqual([expect.objectContaining({ question_id: 'q9', value: 3 })]);
    if (country.code === 'IN') {
      // And the provider's room page puts it first, before they join the call.
      const providerPage = await context.newPage();
      await providerPage.goto(providerRoomPath({ uuid, room_token }));
      const notice = providerPage.getByRole('note', { name: /safety first/ });
      await expect(notice).toContainText('PHQ-9 item 9: thoughts of being better off dead or of self-harm');
      if (SHOTS) await providerPage.screenshot({ path: `${SHOTS}/provider-room-risk.png`, fullPage: true });
    }
    await context.close();
  });
}
