import { expect, test } from '@playwright/test';
import { signUpFreshPatient } from './support/auth';
import { axeViolations } from './support/axe';
import { answerDashboardModals, apiCall, markToursSeen, signInAs } from './support/dashboard';

// The rest of the patient's home against the api: guided tours by keyboard, care tools with
// the assigned tools and a detail view, experts' talks and videos (product rules, Validation: video ids), the journey,
// assessments with the initial-assessment flags, and communities only where the plan shows them.

test.describe('guided tours', () => {
  test('the dashboard tour runs to its end by keyboard, is announced, is recorded and does not come back; help replays it', async ({
    page,
    request,
  }) => {
    const c = await signInAs(page, request, await signUpFreshPatient(request));
    await answerDashboardModals(request, c, { tours: false });
    await page.goto('/dashboard');

    const tour = page.getByRole('dialog');
    // The tour waits for every modal condition, the tour marks and its own lazy chunk.
    await expect(tour).toHaveAccessibleName('Your sessions', { timeout: 15_000 });
    await expect(tour.locator(':focus')).toHaveCount(1); // focus moved into the tour
    expect(await axeViolations(page, 'dashboard tour')).toEqual([]);
    // A new patient has no nudges yet: that step is left out.
    const titles = ['Your sessions', 'Find care', 'Care between sessions', 'See this again'];
    const announcer = page.locator('[aria-live="polite"]').filter({ hasText: /^Tour step/ });
    const heading = tour.getByRole('heading');
    // One press a step, pressed as soon as the step shows: none is lost.
    for (const [i, title] of titles.entries()) {
      await expect(heading).toHaveText(title);
      await expect(announcer).toHaveText(`Tour step ${i + 1} of ${titles.length}: ${title}`);
      await page.keyboard.press('ArrowRight');
    }
    await expect(tour).toHaveCount(0);
    await expect
      .poll(async () => (await apiCall<{ seen: string[] }>(request, c, 'get', '/customers/coachmarks')).seen)
      .toEqual(['dashboard']);

    const marksRead = page.waitForResponse((r) => r.url().endsWith('/customers/coachmarks') && r.request().method() === 'GET');
    await page.reload();
    await marksRead;
    // The AI chip shows once every modal condition is known: the moment the tour would start.
    await expect(page.getByRole('group', { name: 'AI assistance' })).toBeVisible();
    const help = page.getByRole('button', { name: 'Take the tour of this page' });
    await expect(help).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await help.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toHaveAccessibleName('Your sessions');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(help).toBeFocused(); // focus returns to where it was
  });

  test('two quick presses move two steps, and Back goes back (no press is dropped while a step settles)', async ({ page, request }) => {
    const c = await signInAs(page, request, await signUpFreshPatient(request));
    await answerDashboardModals(request, c, { tours: false });
    await page.goto('/dashboard');
    const heading = page.getByRole('dialog').getByRole('heading');
    await expect(heading).toHaveText('Your sessions', { timeout: 15_000 });
    // The second press arrives while the step the first one opened is still settling (the same frame:
    // as on a busy machine, or a quick double press); it used to be dropped.
    await page.evaluate(() => {
      for (let i = 0; i < 2; i++) window.dispatchEvent(new KeyboardEvent('keyup', { key: 'ArrowRight', bubbles: true }));
    });
    await expect(heading).toHaveText('Care between sessions');
    await page.keyboard.press('ArrowRight');
    await expect(heading).toHaveText('See this again');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(heading).toHaveText('Find care');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect
      .poll(async () => (await apiCall<{ seen: string[] }>(request, c, 'get', '/customers/coachmarks')).seen)
      .toEqual(['dashboard']);
  });

  // Every page's tour (dashboard above): starts once by itself, runs to its end one press a step, is recorded.
  for (const [path, section, first] of [
    ['/care-tools', 'care_tools', 'From your provider'],
    ['/experts', 'experts', 'Talks'],
    ['/journey', 'journey', 'Your progress'],
    ['/journal', 'journal', 'Write'],
  ] as const) {
    test(`the ${section} tour runs to its end by keyboard on ${path} and is recorded`, async ({ page, request }) => {
      const c = await signInAs(page, request, await signUpFreshPatient(request));
      await page.goto(path);
      const tour = page.getByRole('dialog');
      await expect(tour).toHaveAccessibleName(first, { timeout: 15_000 });
      const announcer = page.locator('[aria-live="polite"]').filter({ hasText: /^Tour step/ });
      const total = Number(/ of (\d+):/.exec((await announcer.textContent()) ?? '')?.[1]);
      expect(total).toBeGreaterThanOrEqual(2);
      for (let step = 1; step <= total; step++) {
        await expect(announcer).toHaveText(new RegExp(`^Tour step ${step} of ${total}: `));
        await page.keyboard.press('ArrowRight');
      }
      await expect(tour).toHaveCount(0);
      await expect
        .poll(async () => (await apiCall<{ seen: string[] }>(request, c, 'get', '/customers/coachmarks')).seen)
        .toEqual([section]);
      await page.reload();
      await expect(page.getByRole('button', { name: 'Take the tour of this page' })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  }

  test('each page has its own tour, shown once: care tools', async ({ page, request }) => {
    const c = await signInAs(page, request, await signUpFreshPatient(request));
    await page.goto('/care-tools');
    await expect(page.getByRole('dialog')).toHaveAccessibleName('From your provider');
    await page.getByRole('dialog').getByRole('button', { name: 'Close the tour' }).click();
    await expect
      .poll(async () => (await apiCall<{ seen: string[] }>(request, c, 'get', '/customers/coachmarks')).seen)
      .toEqual(['care_tools']);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Self-care library' }).getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('care between sessions', () => {
  test('care tools: the tools the provider assigned with their note, the library, and a detail view with steps', async ({
    page,
    request,
  }) => {
    await signInAs(page, request, 'patient@haven.test');
    await page.goto('/care-tools');
    const assigned = page.getByRole('region', { name: 'From your provider' });
    await expect(assigned.getByRole('article')).toHaveCount(2);
    await expect(assigned.getByRole('article', { name: 'Box breathing' })).toContainText('Ananya Rao');
    await expect(assigned.getByRole('article', { name: 'Box breathing' })).toContainText('Before meetings that worry you.');
    const library = page.getByRole('region', { name: 'Self-care library' });
    await expect(library.getByRole('article')).toHaveCount(4);

    await library.getByRole('link', { name: 'Sleep wind-down' }).click();
    await expect(page).toHaveURL(/\/care-tools\/sleep-wind-down$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sleep wind-down');
    await expect(page.getByRole('list').filter({ hasText: 'Dim the lights' }).getByRole('listitem')).toHaveCount(4);
    await expect(page.getByText(/^Assigned by/)).toHaveCount(0);
  });

  test('journey: what the api holds about my care, with my next session last', async ({ page, request }) => {
    const c = await signInAs(page, request, 'patient@haven.test');
    const journey = await apiCall<{ data: { completed_sessions: number; milestones: Array<{ title: string }> } }>(
      request,
      c,
      'get',
      '/customers/journey',
    );
    await page.goto('/journey');
    await expect(page.getByRole('definition').first()).toHaveText(String(journey.data.completed_sessions));
    const milestones = page.getByRole('region', { name: 'Milestones' }).getByRole('listitem');
    await expect(milestones).toHaveCount(journey.data.milestones.length);
    await expect(milestones.last()).toContainText(/^Next: a session with /);
  });

  test('assessments: take one, see the result, and its kind is marked answered', async ({ page, request }) => {
    const c = await signInAs(page, request, await signUpFreshPatient(request));
    await markToursSeen(request, c);
    await page.goto('/assessments');
    const card = page.getByRole('article', { name: 'Common well-being check' });
    await expect(card).not.toContainText('answered before');
    await card.getByRole('link', { name: 'Common well-being check' }).click();

    const form = page.getByRole('form', { name: 'Common well-being check' });
    await form.getByRole('group', { name: /^1\./ }).getByLabel('Several days').check();
    await form.getByRole('button', { name: 'See my result' }).click();
    await expect(form.getByRole('alert')).toHaveText('Please answer every question (question 2 has no answer yet).');
    await form.getByRole('group', { name: /^2\./ }).getByLabel('Nearly every day').check();
    await form.getByRole('group', { name: /^3\./ }).getByLabel('Not at all').check();
    await form.getByRole('button', { name: 'See my result' }).click();
    // Where the score sits on the check's own scale (higher is better), and the heading takes focus.
    const result = page.getByRole('region', { name: 'Your result' });
    await expect(result).toContainText(
      'Common well-being check: score 4 of 9, in the mixed (3-5) range: some good days and some hard ones.',
    );
    await expect(result.getByRole('heading', { name: 'Your result' })).toBeFocused();

    const flags = await apiCall<{ data: { answered_types: string[] } }>(request, c, 'get', '/customers/initial_assessments');
    expect(flags.data.answered_types).toEqual(['common']);
    await page.getByRole('link', { name: 'Back to assessments' }).click();
    await expect(page.getByRole('article', { name: 'Common well-being check' })).toContainText('answered before');
  });

  test('communities show only where the plan shows them', async ({ page, request, browser }) => {
    await signInAs(page, request, 'patient@haven.test');
    await page.goto('/communities');
    await expect(page.getByRole('region', { name: 'Peer support groups' }).getByRole('article')).toHaveCount(3);

    const other = await browser.newPage();
    await signInAs(other, request, 'cf@initech.test'); // Initech's plan: no communities, no couples therapy
    await other.goto('/dashboard');
    await expect(other.getByRole('navigation', { name: 'Care tools and more' }).getByRole('link', { name: 'Journal' })).toBeVisible();
    await expect(other.getByRole('navigation', { name: 'Care tools and more' }).getByRole('link', { name: 'Communities' })).toHaveCount(0);
    await expect(
      other.getByRole('navigation', { name: 'Find care' }).getByRole('link', { name: 'Couples therapy', exact: true }),
    ).toHaveCount(0);
    await other.goto('/communities');
    await expect(other.getByText('Communities are not part of your plan.')).toBeVisible();
    await expect(other.getByRole('article')).toHaveCount(0);
    await other.close();
  });
});
