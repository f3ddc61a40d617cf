import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { logInWithPassword, signUpFreshPatient } from './support/auth';
import { signInAs, upcoming } from './support/dashboard';

// Entry and a safe place to land (docs/safe-landing.md): the entry parameters that switch something, the disclaimer and crisis help, the
// help page's copy alert, and the installable web app's offline page. (The crisis link on every route,
// signed in and out at 360 px, is checked by the route walk of e2e/a11y.spec.ts.)

test.describe.configure({ mode: 'parallel' });

const crisisButton = (page: Page) => page.getByRole('button', { name: 'Crisis help' });

/** A context signed in as a fresh patient of its own: these tests read per-session flags, never shared state. */
async function freshPatientContext(browser: Browser, request: APIRequestContext) {
  const context = await browser.newContext();
  await signInAs(context, request, await signUpFreshPatient(request));
  return context;
}

test('the disclaimer shows once; crisis help opens the helplines (India first, tel: links) and closes with Escape', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/providers');
  const disclaimer = page.getByText('Haven is not an emergency service.', { exact: false }).first();
  await expect(disclaimer).toBeVisible();
  await page.getByRole('button', { name: 'Got it' }).click();
  await expect(page.getByText('Not for emergencies.')).toBeVisible();
  await page.reload();
  await expect(crisisButton(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Got it' })).toHaveCount(0);

  await crisisButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Crisis help' });
  await expect(dialog.getByRole('heading', { level: 3 }).first()).toHaveText('India');
  // The dialog fits the 360 px screen, padding and border included (it once ran 18 px past the edge).
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360, `dialog at ${JSON.stringify(box)} inside 360 px`).toBe(true);
  await expect(dialog.getByRole('link', { name: 'Tele-MANAS mental health helpline 14416' })).toHaveAttribute('href', 'tel:14416');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(crisisButton(page)).toBeFocused();
});

test('on a wide screen the crisis bar lines up with the page column', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/providers');
  await expect(page.locator('.hv-page-frame__title').first()).toBeVisible();
  // Where each one's content starts and ends: its box without its inline padding.
  const edges = await page.evaluate(() =>
    Object.fromEntries(
      ['.hv-crisis-bar__disclaimer', '.hv-crisis-bar__row', '.hv-page-frame__main'].map((selector) => {
        const element = document.querySelector(selector);
        if (!element) return [selector, null];
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        return [selector, { left: box.left + parseFloat(style.paddingLeft), right: box.right - parseFloat(style.paddingRight) }];
      }),
    ),
  );
  const column = edges['.hv-page-frame__main'];
  for (const part of ['.hv-crisis-bar__disclaimer', '.hv-crisis-bar__row']) {
    const edge = edges[part];
    expect(edge, part).not.toBeNull();
    expect(Math.abs(edge!.left - column!.left), `${part} left edge`).toBeLessThanOrEqual(1);
    expect(Math.abs(edge!.right - column!.right), `${part} right edge`).toBeLessThanOrEqual(1);
  }
});

test('hideBackBtn hides the back controls; without it they show', async ({ browser, request }) => {
  const context = await freshPatientContext(browser, request);
  const page = await context.newPage();
  await page.goto('/account');
  await expect(page.getByRole('link', { name: 'Back to your care' })).toBeVisible();
  await page.goto('/account?hideBackBtn=true');
  await expect(page.getByRole('heading', { level: 1, name: 'Your details' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to your care' })).toHaveCount(0);
  // Kept for the visit (persisted app config), on pages of other apps too.
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to log in' })).toHaveCount(0);
  await context.close();
});

test('isDisableEdit makes the app-owned fields read-only with a note, for that browser session', async ({ browser, request }) => {
  const context = await freshPatientContext(browser, request);
  const page = await context.newPage();
  await page.goto('/account?isDisableEdit=true');
  await expect(page.getByLabel('First name')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Date of birth')).toHaveAttribute('readonly', '');
  await expect(page.getByText('are managed in the app').first()).toBeVisible();
  await expect(page.getByRole('form', { name: 'Change e-mail address' })).toHaveCount(0);
  await page.goto('/account'); // same tab: same browser session
  await expect(page.getByLabel('First name')).toHaveAttribute('readonly', '');

  const other = await context.newPage(); // a new session: editable
  await other.goto('/account');
  await expect(other.getByLabel('First name')).toBeEditable();
  await expect(other.getByRole('form', { name: 'Change e-mail address' })).toBeVisible();
  await context.close();
});

test('clickid and deviceId go with the device info at sign-in, and clickid with the attribution', async ({ page, request }) => {
  // An account of its own: the cpc visit makes its owner a performance-marketing user (attribution/ in the
  // realtime database, 7 days), and the demo patient's other tests would then see ispm=true in their URLs.
  const email = await signUpFreshPatient(request);
  await page.goto('/?clickid=clk-42&utm_source=google&utm_medium=cpc');
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('ad_user_params') ?? '{}').clickid)).toBe('clk-42');
  const signIn = page.waitForRequest((r) => r.url().endsWith('/auth/sign_in') && r.method() === 'POST');
  await logInWithPassword(page, email);
  const body = (await signIn).postDataJSON() as { device_info: Record<string, unknown> };
  const deviceId = await page.evaluate(() => localStorage.getItem('deviceId'));
  expect(deviceId).toBeTruthy();
  expect(body.device_info).toMatchObject({ clickid: 'clk-42', device_id: deviceId });
});

test('a double click on a submit sends the form once (500 ms throttle)', async ({ page }) => {
  await page.goto('/forgot-password');
  let sent = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/auth/password')) sent += 1;
  });
  await page.getByLabel('E-mail').fill(`nobody-${Date.now()}@haven.test`);
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/auth/password'));
  await page.getByRole('button', { name: 'Send reset link' }).dblclick();
  await answered;
  await expect(page.getByRole('status').or(page.getByRole('alert')).first()).toBeVisible();
  expect(sent).toBe(1);
});

test('the session-room address says "installed web app" only in display-mode standalone', async ({ page, request }) => {
  await page.addInitScript(() => {
    const real = window.matchMedia.bind(window);
    window.matchMedia = (query: string) =>
      query === '(display-mode: standalone)' ? ({ ...real(query), matches: true, media: query } as MediaQueryList) : real(query);
  });
  const c = await signInAs(page, request, 'patient@haven.test');
  const ananya = (await upcoming(request, c)).bookings.find((b) => b.provider.firstname === 'Ananya')!;
  await page.clock.setFixedTime(Date.parse(ananya.start_time) - 5 * 60_000);
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Upcoming sessions' }).getByRole('article', { name: 'Session with Ananya Rao' });
  await card.getByRole('button', { name: 'Join' }).click();
  await expect(page).toHaveURL(new RegExp(`/session-room/${ananya.uuid}/[^/]+/website\\?is_web_app=true$`));
});

test.describe('help page', () => {
  test('support contacts from the runtime config; copy works, and says "Unable to copy" when the clipboard is denied', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const page = await context.newPage();
    await page.goto('/help');
    const support = page.locator('#support');
    await expect(support.getByRole('link', { name: 'support@haven.test' })).toHaveAttribute('href', 'mailto:support@haven.test');
    await expect(support.getByRole('link', { name: '+912200000124' })).toHaveAttribute('href', 'tel:+912200000124');
    await support.getByRole('button', { name: 'Copy E-mail' }).click();
    await expect(support.getByRole('status')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('support@haven.test');
    // The footer names the help page and the contacts on every page.
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Help and support' })).toHaveAttribute('href', '/help');

    // Clipboard permission denied for this context (Chromium's permission setting, as a person would set it).
    const denied = await context.newPage();
    const { targetInfo } = (await (await context.newCDPSession(denied)).send('Target.getTargetInfo')) as {
      targetInfo: { browserContextId: string };
    };
    const cdp = await browser.newBrowserCDPSession();
    await cdp.send('Browser.setPermission', {
      permission: { name: 'clipboard-write' },
      setting: 'denied',
      origin: baseURL,
      browserContextId: targetInfo.browserContextId,
    });
    await denied.goto('/help');
    await denied.locator('#support').getByRole('button', { name: 'Copy Phone' }).click();
    await expect(denied.getByRole('alert')).toHaveText('Unable to copy');
    await cdp.detach();
    await context.close();
  });
});

test.describe('installable web app', () => {
  test.use({ serviceWorkers: 'allow' });

  test("manifest and icons pass Chrome's installability check", async ({ page }) => {
    await page.goto('/help');
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.ready.then(() => Boolean(navigator.serviceWorker.controller))))
      .toBe(true);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    // Playwright's contexts are incognito profiles, where Chrome never offers to install: that is the only error allowed.
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  });

  test('offline, with the api and the remotes unreachable, a page is our own offline page; config and api answers are never cached', async ({
    page,
    context,
  }) => {
    await page.goto('/help');
    await expect(page.getByRole('heading', { name: 'Help and support' })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.ready.then(() => Boolean(navigator.serviceWorker.controller))))
      .toBe(true);
    // The precache holds content-hashed files only: no runtime config, remote entry or api answer.
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).length))).reduce(
            (a, b) => a + b,
            0,
          ),
        ),
      )
      .toBeGreaterThan(2);
    const cached = await page.evaluate(async () =>
      (await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)))).flat(),
    );
    expect(cached.filter((url) => /config\.json|remoteEntry\.js|mf-manifest\.json|:4000|:4100/.test(url))).toEqual([]);

    await context.setOffline(true);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Emergency \(police, fire, ambulance\), India 112/ })).toHaveAttribute('href', 'tel:112');
    // Static, so every country of the helpline table is there, not only India.
    await expect(page.getByRole('link', { name: /988 Suicide & Crisis Lifeline, United States 988/ })).toHaveAttribute('href', 'tel:988');
    await expect(page.getByRole('link', { name: /Samaritans, United Kingdom 116 123/ })).toHaveAttribute('href', 'tel:116123');

    await context.setOffline(false);
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page.locator('[data-app] h1').first()).toBeVisible();
  });
});
