import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUpFreshPatient } from './support/auth';
import {
  callStatus,
  FAKE_MEDIA_LAUNCH,
  joinFromPreJoin,
  liveSession,
  patientRoomPath,
  providerRoomPath,
  recordPeerConnections,
} from './support/session-room';

// The call room as a call: Join on the first screen of the lobby; the whole window is the call (no site
// header, footer or safety band over or under the video, the page never scrolls), the other person large
// and this person's own view small, one row of round controls on screen at 360 px with crisis help among
// them, nothing focusable hidden, focus on the call's heading after Join, and on a phone the chat a sheet
// over the running video; the provider's page carries none of the patient site's header or footer.
// CALL_SHOTS_DIR=<dir> keeps a screenshot per width for review.

test.use({ launchOptions: FAKE_MEDIA_LAUNCH });
test.describe.configure({ timeout: 150_000 });

const SHOTS = process.env.CALL_SHOTS_DIR;

async function openRoom(browser: Browser, path: string, viewport: { width: number; height: number }, mobile = false): Promise<Page> {
  const context = await browser.newContext({ viewport, ...(mobile ? { isMobile: true, hasTouch: true } : {}) });
  await recordPeerConnections(context);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/** Every element that takes focus, with whether it can be seen where it is (not under the video, not off screen). */
function hiddenFocusables(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, summary, [tabindex]';
    const hidden: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      // Not rendered (display: none, a closed disclosure's content) is not focusable either.
      if (!el.checkVisibility({ visibilityProperty: true }) || el.closest('[inert]')) continue;
      const box = el.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const onScreen = box.width > 0 && box.height > 0 && x >= 0 && y >= 0 && x <= window.innerWidth && y <= window.innerHeight;
      const hit = onScreen ? document.elementFromPoint(x, y) : null;
      if (!hit || !(el === hit || el.contains(hit))) {
        hidden.push(
          `${el.tagName} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}" under ${hit ? hit.tagName : 'nothing'}`,
        );
      }
    }
    return hidden;
  });
}

/** What is drawn at each of a grid of points of the window belongs to the call (nothing of the site lies over it). */
function pointsOutsideTheCall(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const outside: string[] = [];
    for (const fx of [0.02, 0.5, 0.98]) {
      for (const fy of [0.01, 0.1, 0.5, 0.9, 0.99]) {
        const x = Math.floor(window.innerWidth * fx);
        const y = Math.floor(window.innerHeight * fy);
        const hit = document.elementFromPoint(x, y);
        if (!hit?.closest('.hv-call')) outside.push(`${x},${y}: ${hit ? `${hit.tagName}.${hit.className}` : 'nothing'}`);
      }
    }
    return outside;
  });
}

for (const { width, height, mobile } of [
  { width: 1280, height: 800, mobile: false },
  { width: 360, height: 780, mobile: true },
]) {
  test(`at ${width} px Join is on the lobby's first screen; the call fills the window without scrolling: the other person large, the self-view small, round controls with crisis help on screen, nothing focusable hidden; no site header or footer`, async ({
    browser,
    request,
  }) => {
    // A patient of its own: the demo patient's upcoming sessions are what the dashboard's tests read.
    const email = await signUpFreshPatient(request);
    const session = await liveSession(request, email);
    const patient = await openRoom(browser, await patientRoomPath(request, session.uuid, email), { width, height }, mobile);
    const provider = await openRoom(browser, providerRoomPath(session), { width: 1280, height: 800 });

    // The provider's room page is not the patient site: neither its header nor its footer, before or in the call.
    await expect(provider.getByRole('heading', { name: /Get ready to meet/ })).toBeVisible({ timeout: 15_000 });
    await expect(provider.getByRole('banner')).toHaveCount(0);
    await expect(provider.getByRole('contentinfo')).toHaveCount(0);
    await expect(patient.getByRole('banner')).toHaveCount(0);

    // The lobby: a compact preview, and Join without scrolling.
    for (const page of [patient, provider]) {
      const join = page.getByRole('button', { name: 'Join session' });
      await expect(join).toBeVisible();
      await expect(join, 'Join is on the first screen').toBeInViewport({ ratio: 1 });
    }
    if (SHOTS) {
      await patient.waitForTimeout(1000); // the fake camera's frames in the preview
      await patient.screenshot({ path: `${SHOTS}/lobby-patient-${width}.png` });
    }

    await joinFromPreJoin(patient);
    // After Join, focus is on the call's heading (not dropped to the page's body).
    await expect(patient.getByRole('heading', { name: /^Session with / })).toBeFocused();
    await joinFromPreJoin(provider);
    await expect(callStatus(patient)).toHaveText(/You are connected with/, { timeout: 20_000 });

    for (const page of [patient, provider]) {
      await expect(page.getByRole('banner')).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
      const viewport = page.viewportSize()!;
      expect(await pointsOutsideTheCall(page), 'nothing of the site is drawn over or around the call').toEqual([]);
      // Nothing scrolls the call away: a wheel or a swipe leaves the window where it is.
      const scrolled = () => page.evaluate(() => [window.scrollX, window.scrollY]);
      const before = await scrolled();
      await page.mouse.move(viewport.width / 2, viewport.height / 2);
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(300); // a wheel scroll is animated
      expect(await scrolled()).toEqual(before);
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(await page.evaluate(() => document.documentElement.scrollHeight), 'the call page does not scroll').toBeLessThanOrEqual(
        await page.evaluate(() => window.innerHeight),
      );
      expect(await hiddenFocusables(page), 'every focusable element of the call page is in view').toEqual([]);

      const remote = (await page.locator('.hv-call__remote').boundingBox())!;
      const self = (await page.locator('.hv-call__self').boundingBox())!;
      const area = (b: { width: number; height: number }) => b.width * b.height;
      expect(area(remote) / (viewport.width * viewport.height), 'the other person takes most of the window').toBeGreaterThan(0.4);
      expect(area(self) / area(remote), 'the self-view is small').toBeLessThan(0.12);

      const controls = page.getByRole('group', { name: 'Call controls' });
      const bar = (await controls.boundingBox())!;
      expect(bar.y, 'the controls start on screen').toBeGreaterThanOrEqual(0);
      expect(bar.y + bar.height, 'the controls end on screen').toBeLessThanOrEqual(viewport.height);
      for (const name of [/^Mute$/, /^Camera off$/, /^Crisis help$/, /^Leave session$/]) {
        const button = controls.getByRole('button', { name });
        await expect(button).toBeInViewport({ ratio: 1 });
        const box = (await button.boundingBox())!;
        expect(box.height, `${name} is a 44 px target`).toBeGreaterThanOrEqual(44);
      }
    }

    if (SHOTS) {
      await patient.waitForTimeout(1500); // the fake camera's frames on screen for the picture
      await patient.screenshot({ path: `${SHOTS}/call-patient-${width}.png` });
      await provider.screenshot({ path: `${SHOTS}/call-provider-1280-with-patient-at-${width}.png` });
    }

    // Crisis help, one tap away in the call: the helplines with a number to call, and back to the call.
    await patient.getByRole('group', { name: 'Call controls' }).getByRole('button', { name: 'Crisis help' }).click();
    const dialog = patient.getByRole('dialog', { name: 'Crisis help' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('a[href^="tel:"]').first()).toBeVisible();
    if (SHOTS) await patient.screenshot({ path: `${SHOTS}/call-crisis-help-${width}.png` });
    await patient.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(callStatus(patient)).toHaveText(/You are connected with/);

    // The chat is in the call too: beside the video on a wide screen; on a narrow one a tap away, the
    // Chat button counting what arrived unread.
    await provider.getByLabel('Message', { exact: true }).fill('Hello from the provider');
    await provider.getByRole('button', { name: 'Send' }).click();
    const message = patient.getByLabel('Message', { exact: true });
    if (mobile) {
      await expect(message).toBeHidden();
      const chat = patient.getByRole('group', { name: 'Call controls' }).getByRole('button', { name: /^Chat/ });
      await expect(chat).toHaveAccessibleName('Chat (1 new)');
      await chat.click();
      await expect(chat).toHaveAccessibleName('Chat');
      await expect(chat).toHaveAttribute('aria-expanded', 'true');
      // A sheet over the video: the other person stays in view above it, and their video keeps playing.
      const sheet = (await patient.locator('.hv-call__side').boundingBox())!;
      const remote = (await patient.locator('.hv-call__remote').boundingBox())!;
      expect(sheet.y - remote.y, 'the video shows above the chat sheet').toBeGreaterThan(remote.height * 0.25);
      const video = patient.locator('.hv-call__remote video');
      const playedAt = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
      await patient.waitForTimeout(500);
      expect(await video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);
      expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(playedAt);
      expect(await hiddenFocusables(patient), 'with the sheet open, every focusable element is in view').toEqual([]);
    }
    await expect(patient.getByRole('log', { name: 'Chat messages' })).toContainText('Hello from the provider');
    await message.fill('Can you hear me?');
    await patient.getByRole('button', { name: 'Send' }).click();
    await expect(provider.getByRole('log', { name: 'Chat messages' })).toContainText('Can you hear me?');
    if (SHOTS) await patient.screenshot({ path: `${SHOTS}/call-chat-${width}.png` });

    // Muted and camera off: pressed toggles, drawn red with their crossed-out icons, and said on the self-view.
    const bar = patient.getByRole('group', { name: 'Call controls' });
    await bar.getByRole('button', { name: 'Mute' }).click();
    await bar.getByRole('button', { name: 'Camera off' }).click();
    await expect(bar.getByRole('button', { name: 'Mute' })).toHaveAttribute('aria-pressed', 'true');
    await expect(bar.getByRole('button', { name: 'Camera off' })).toHaveAttribute('aria-pressed', 'true');
    await expect(patient.locator('.hv-call__self')).toContainText('You are muted');
    if (SHOTS) await patient.screenshot({ path: `${SHOTS}/call-muted-${width}.png` });

    await patient.context().close();
    await provider.context().close();
  });
}
