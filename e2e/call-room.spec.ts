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

// The call room as a call: the whole window is the call (no site header, footer or safety band over the
// video), the other person large and this person's own view small, the controls on screen without
// scrolling at 360 px, crisis help one tap away among them; the provider's page carries none of the
// patient site's header or footer. CALL_SHOTS_DIR=<dir> keeps a screenshot per width for review.

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
  { width: 360, height: 740, mobile: true },
]) {
  test(`at ${width} px the call fills the window: the other person large, the self-view small, the controls and crisis help on screen; no site header or footer`, async ({
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

    await joinFromPreJoin(patient);
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

      const remote = (await page.locator('.hv-call__remote').boundingBox())!;
      const self = (await page.locator('.hv-call__self').boundingBox())!;
      const area = (b: { width: number; height: number }) => b.width * b.height;
      expect(area(remote) / (viewport.width * viewport.height), 'the other person takes most of the window').toBeGreaterThan(0.4);
      expect(area(self) / area(remote), 'the self-view is small').toBeLessThan(0.12);

      const controls = page.getByRole('group', { name: 'Call controls' });
      const bar = (await controls.boundingBox())!;
      expect(bar.y, 'the controls start on screen').toBeGreaterThanOrEqual(0);
      expect(bar.y + bar.height, 'the controls end on screen').toBeLessThanOrEqual(viewport.height);
      for (const name of [/^(Mute|Unmute)$/, /^Turn camera (off|on)$/, /^Crisis help$/, /^Leave session$/]) {
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
      await expect(chat).toHaveText('Chat (1 new)');
      await chat.click();
      await expect(chat).toHaveText('Chat');
    }
    await expect(patient.getByRole('log', { name: 'Chat messages' })).toContainText('Hello from the provider');
    await message.fill('Can you hear me?');
    await patient.getByRole('button', { name: 'Send' }).click();
    await expect(provider.getByRole('log', { name: 'Chat messages' })).toContainText('Can you hear me?');
    if (SHOTS) await patient.screenshot({ path: `${SHOTS}/call-chat-${width}.png` });

    await patient.context().close();
    await provider.context().close();
  });
}
