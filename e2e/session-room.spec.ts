import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { API, apiSignIn, signUpFreshPatient } from './support/auth';
import { axeViolations } from './support/axe';
import { anonymousId, growthStarted, sinkEvents, trackProbe } from './support/growth';
import { layoutShifts, recordLayoutShifts } from './support/layout-shift';
import { waitForLivePage } from './support/live-page';
import { REMOTE_PORTS } from './support/platform';
import {
  callStatus,
  expectMediaFlowing,
  FAKE_MEDIA_LAUNCH,
  joinFromPreJoin,
  liveSession,
  patientRoomPath,
  providerRoomPath,
  recordPeerConnections,
  sentDeviceIds,
  type LiveSession,
} from './support/session-room';

// The session room for real: two Chromium contexts with fake camera and microphone, the
// patient coming in with the payload the dashboard's Join builds, the provider with the room link the
// api issues. Each test makes its own live session (development route), so tests never share a call.

test.use({ launchOptions: FAKE_MEDIA_LAUNCH });
test.describe.configure({ timeout: 150_000 });

// Each test's patient is new (signUpFreshPatient): a call test's live sessions never show on the demo
// patient's dashboard, which other suites check while these run.

async function openRoom(browser: Browser, path: string, options: { viewport?: { width: number; height: number }; origin?: string } = {}) {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 900 } });
  await recordPeerConnections(context);
  const page = await context.newPage();
  await page.goto(`${options.origin ?? ''}${path}`);
  return page;
}

async function connectedPair(
  browser: Browser,
  request: APIRequestContext,
  session: LiveSession,
  email: string,
): Promise<{ patient: Page; provider: Page }> {
  const patient = await openRoom(browser, await patientRoomPath(request, session.uuid, email));
  const provider = await openRoom(browser, providerRoomPath(session));
  await joinFromPreJoin(patient);
  await joinFromPreJoin(provider);
  await expect(callStatus(patient)).toHaveText(/You are connected with/, { timeout: 20_000 });
  await expect(callStatus(provider)).toHaveText(/You are connected with/, { timeout: 20_000 });
  return { patient, provider };
}

test('patient and provider connect and receive audio and video; mute and camera off are seen; chat is end-to-end encrypted; leave ends the call for both', async ({
  browser,
  request,
}) => {
  const email = await signUpFreshPatient(request);
  const session = await liveSession(request, email);
  const { patient, provider } = await connectedPair(browser, request, session, email);
  await expectMediaFlowing(patient, 'the patient');
  await expectMediaFlowing(provider, 'the provider');
  expect(await axeViolations(patient, 'call, 1280 px')).toEqual([]);

  await patient.getByRole('button', { name: 'Mute' }).click();
  await expect(provider.getByText(/microphone is off/)).toBeVisible();
  await provider.getByRole('button', { name: 'Camera off' }).click();
  await expect(patient.getByText(/camera is off/)).toBeVisible();
  // Mute is a toggle: pressed again, the microphone is back on.
  await patient.getByRole('button', { name: 'Mute', pressed: true }).click();
  await expect(provider.getByText(/microphone is off/)).toBeHidden();

  await patient.getByLabel('Message', { exact: true }).fill('Hello from the patient');
  await patient.getByRole('button', { name: 'Send' }).click();
  await expect(provider.getByRole('log', { name: 'Chat messages' })).toContainText('Hello from the patient');
  await provider.getByLabel('Message', { exact: true }).fill('Hello from the provider');
  await provider.getByRole('button', { name: 'Send' }).click();
  await expect(patient.getByRole('log', { name: 'Chat messages' })).toContainText('Hello from the provider');
  // What the realtime database holds: ciphertext and IVs, never the words.
  let stored: Record<string, { from: string; iv: string; ct: string }> = {};
  await expect
    .poll(async () => {
      const response = await request.get(`${API}/dev/realtime`, { params: { path: `rooms/${session.uuid}/chat` } });
      stored = ((await response.json()) as { data: typeof stored | null }).data ?? {};
      return Object.keys(stored).length;
    })
    .toBe(2);
  expect(
    Object.values(stored)
      .map((m) => m.from)
      .sort(),
  ).toEqual(['patient', 'provider']);
  for (const m of Object.values(stored)) {
    expect(m.ct.length).toBeGreaterThan(16);
    expect(Buffer.from(m.ct, 'base64').toString('latin1')).not.toContain('Hello');
  }
  expect(JSON.stringify(stored)).not.toContain('Hello');
  // Messages survive a reload (each side keeps its key pair; the key is derived again).
  await patient.reload();
  await expect(patient.getByRole('log', { name: 'Chat messages' })).toContainText('Hello from the provider', { timeout: 20_000 });
  await expect(patient.getByRole('log', { name: 'Chat messages' })).toContainText('Hello from the patient');

  await provider.getByRole('button', { name: 'Leave session' }).click();
  await expect(provider.getByRole('heading', { name: 'You left the session' })).toBeVisible();
  await expect(callStatus(patient)).toHaveText(/has left the session/);
  await expect(patient.locator('.hv-call__status')).toHaveAttribute('data-status', 'peer-left');
});

test('switching camera and microphone in the call: the call sends the chosen devices, stays connected, and the provider keeps receiving audio and video', async ({
  browser,
  request,
}) => {
  const email = await signUpFreshPatient(request);
  const session = await liveSession(request, email);
  const { patient, provider } = await connectedPair(browser, request, session, email);
  await expectMediaFlowing(provider, 'the provider');
  await patient.locator('summary', { hasText: 'Camera and microphone' }).click(); // the device choice folds away in a call
  const camera = patient.getByLabel('Camera', { exact: true });
  const microphone = patient.getByLabel('Microphone', { exact: true });
  const before = await sentDeviceIds(patient);

  // The MJPEG fake camera (see FAKE_MEDIA_LAUNCH: the Y16 one is a depth camera no sender encodes) and
  // another microphone.
  const choices = { video: (label: string) => label === 'fake_device_2', audio: (label: string) => label === 'Fake Audio Input 1' };
  for (const [kind, select] of [
    ['video', camera],
    ['audio', microphone],
  ] as const) {
    const options = await select
      .locator('option')
      .evaluateAll((all) => all.map((o) => ({ id: (o as HTMLOptionElement).value, label: o.textContent ?? '' })));
    const current = await select.inputValue();
    const other = options.find((o) => choices[kind](o.label) && o.id !== current)?.id;
    if (!other) throw new Error(`no ${kind} device to switch to among ${JSON.stringify(options)}`);
    await select.selectOption(other);
    // The select shows the device now in use, and the call sends that device's track (replaceTrack,
    // no renegotiation): still connected, the provider still receiving.
    await expect(select).toHaveValue(other);
    await expect.poll(async () => (await sentDeviceIds(patient))[kind], { message: `the ${kind} sent` }).toEqual([other]);
  }
  expect((await sentDeviceIds(patient)).video).not.toEqual(before.video);
  await expect(callStatus(patient)).toHaveText(/You are connected with/);
  await expectMediaFlowing(provider, 'the provider, after the switch,');
});

test('a network blip of 5 s recovers by itself, without a reload; a reload rejoins the same call', async ({ browser, request }) => {
  const email = await signUpFreshPatient(request);
  const session = await liveSession(request, email);
  const { patient, provider } = await connectedPair(browser, request, session, email);
  await expectMediaFlowing(patient, 'the patient');
  await patient.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
  await patient.context().setOffline(true);
  // The scenario: five seconds without a network (a wait by design, not a synchronisation).
  await patient.waitForTimeout(5000);
  await patient.context().setOffline(false);
  await expectMediaFlowing(patient, 'the patient after the blip');
  await expectMediaFlowing(provider, 'the provider after the blip');
  await expect(callStatus(patient)).toHaveText(/You are connected with/, { timeout: 20_000 });
  expect(await patient.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

  await provider.reload();
  await expect(provider.getByRole('button', { name: 'Leave session' })).toBeVisible({ timeout: 20_000 });
  await expect(callStatus(provider)).toHaveText(/You are connected with/, { timeout: 20_000 });
  await expectMediaFlowing(patient, 'the patient after the provider reloaded');
  await expectMediaFlowing(provider, 'the provider after reloading');
});

test('muted and camera off, a reload rejoins muted and with the camera off, and the provider still sees both off', async ({
  browser,
  request,
}) => {
  const email = await signUpFreshPatient(request);
  const session = await liveSession(request, email);
  const { patient, provider } = await connectedPair(browser, request, session, email);
  await patient.getByRole('button', { name: 'Mute' }).click();
  await patient.getByRole('button', { name: 'Camera off' }).click();
  const peerState = provider.locator('.hv-call__peer-state');
  await expect(peerState).toContainText('microphone is off');
  await expect(peerState).toContainText('camera is off');

  await patient.reload();
  await expect(callStatus(patient)).toHaveText(/You are connected with/, { timeout: 20_000 });
  await expect(patient.getByRole('button', { name: 'Mute' })).toHaveAttribute('aria-pressed', 'true');
  await expect(patient.getByRole('button', { name: 'Camera off' })).toHaveAttribute('aria-pressed', 'true');
  await expect(patient.getByText('Your camera is off')).toBeVisible();
  await expect(peerState).toContainText('microphone is off');
  await expect(peerState).toContainText('camera is off');
});

test("after a join no telemetry event, address or referrer holds the room link's token, client or e-mail; a reload still joins", async ({
  browser,
  request,
}) => {
  const email = await signUpFreshPatient(request);
  const session = await liveSession(request, email);
  const c = await apiSignIn(request, email);
  const payload = Buffer.from(
    JSON.stringify({
      'access-token': c.token,
      client: c.client,
      uid: c.uid,
      expiry: c.expiry,
      redirectUrl: encodeURIComponent('http://localhost:3000/dashboard'),
    }),
  ).toString('base64');
  const context = await browser.newContext();
  const page = await context.newPage();
  const referers: string[] = [];
  page.on('request', (r) => {
    const referer = r.headers()['referer'];
    if (referer) referers.push(referer);
  });
  await page.goto(`/session-room/${session.uuid}/${encodeURIComponent(payload)}/website?is_web_app=false`);
  await joinFromPreJoin(page);
  await growthStarted(page);
  await trackProbe(page, 'room_probe');
  const secrets = [c.token, c.client, email, encodeURIComponent(email), payload, encodeURIComponent(payload)];
  const url = page.url();
  for (const secret of secrets) expect(url).not.toContain(secret);
  // Every event the sink holds (this browser's and everyone else's): none names this link's secrets.
  const mine = await anonymousId(page);
  await expect.poll(async () => (await sinkEvents(request, mine)).some((e) => e.name === 'room_probe'), { timeout: 15_000 }).toBe(true);
  const everything = await request.get(`${API}/telemetry/events`, { params: { limit: '1000' } });
  const all = JSON.stringify(await everything.json());
  for (const secret of secrets) expect(all).not.toContain(secret);
  const events = await sinkEvents(request, mine);
  // The route's pattern, never the booking's id.
  expect(events.map((e) => e.properties.current_page)).toContain(
    'http://localhost:3000/session-room/:sessionId/:payload/:platform?is_web_app=false',
  );
  expect(JSON.stringify(events)).not.toContain(session.uuid);
  for (const e of events) expect(JSON.stringify(e.properties)).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
  for (const referer of referers) for (const secret of secrets) expect(referer).not.toContain(secret);
  // A reload of the stripped address goes straight back into the call (this tab kept the entry).
  await page.reload();
  await expect(page.getByRole('button', { name: 'Leave session' })).toBeVisible({ timeout: 20_000 });
  await context.close();
});

test('refused with their message: another patient, a tampered or damaged link, a cancelled session', async ({ browser, request }) => {
  const email = await signUpFreshPatient(request);
  const session = await liveSession(request, email);
  const context = await browser.newContext();
  const page = await context.newPage();
  const refusal = page.locator('.hv-room-refused');

  await page.goto(await patientRoomPath(request, session.uuid, 'intl@haven.test'));
  await expect(refusal.getByRole('heading', { name: 'This session is not in your account' })).toBeVisible();
  await expect(refusal.getByRole('link', { name: 'Back to your sessions' })).toHaveAttribute('href', '/dashboard');

  const c = await apiSignIn(request, email);
  const tampered = Buffer.from(JSON.stringify({ 'access-token': `${c.token}x`, client: c.client, uid: c.uid, expiry: c.expiry })).toString(
    'base64',
  );
  await page.goto(`/session-room/${session.uuid}/${encodeURIComponent(tampered)}/website`);
  await expect(refusal.getByRole('heading', { name: 'This session link has expired' })).toBeVisible();

  await page.goto(`/session-room/${session.uuid}/not-a-payload/website`);
  await expect(refusal.getByRole('heading', { name: 'This session link is incomplete' })).toBeVisible();

  const cancelled = await liveSession(request, email, 'cancelled');
  await page.goto(await patientRoomPath(request, cancelled.uuid, email));
  await expect(refusal.getByRole('heading', { name: 'This session was cancelled' })).toBeVisible();
  expect(await axeViolations(page, 'refusal page')).toEqual([]);
  await context.close();
});

test('the standalone page with platform=android works without the shell at 360 px, by keyboard; session loss asks the app to close the webview', async ({
  browser,
  request,
}) => {
  const email = await signUpFreshPatient(request); // its sessions are ended everywhere below
  const session = await liveSession(request, email);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  await recordPeerConnections(context);
  // The app's side of the bridge (react-native-webview): messages the page posts to the app.
  await context.addInitScript(() => {
    const sent: string[] = [];
    (window as unknown as { __toApp: string[] }).__toApp = sent;
    (window as unknown as { ReactNativeWebView: { postMessage(m: string): void } }).ReactNativeWebView = {
      postMessage: (m) => sent.push(m),
    };
  });
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(`http://localhost:${REMOTE_PORTS['mfe-session-room']}${await patientRoomPath(request, session.uuid, email, 'android')}`);
  await expect(page.getByRole('heading', { name: /Get ready to meet/ })).toBeVisible({ timeout: 15_000 });
  expect(await axeViolations(page, 'pre-join, 360 px')).toEqual([]);
  // Keyboard alone: Tab to "Join session", Enter.
  for (let i = 0; i < 30; i++) {
    if ((await page.evaluate(() => document.activeElement?.textContent)) === 'Join session') break;
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Leave session' })).toBeVisible();

  const provider = await openRoom(browser, providerRoomPath(session));
  await joinFromPreJoin(provider);
  await expect(callStatus(page)).toHaveText(/You are connected with/, { timeout: 20_000 });
  await expectMediaFlowing(page, 'the android webview');
  expect(await axeViolations(page, 'call, 360 px')).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(requests.filter((url) => url.startsWith('http://localhost:3000/'))).toEqual([]);

  // Session loss (product rules, Session loss): every device of the account is logged out; the room's next check gets
  // 403 is_device_logged_out and the app is asked to close the webview.
  const other = await apiSignIn(request, email);
  const out = await request.delete(`${API}/customers/logout?remove_all=true`, {
    headers: { 'access-token': other.token, client: other.client, uid: other.uid },
  });
  expect(out.ok()).toBe(true);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange'))); // the app brought back to the front
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __toApp: string[] }).__toApp))
    .toContain(JSON.stringify({ type: 'CLOSE_WEBVIEW' }));
  await expect(callStatus(provider)).toHaveText(/has left the session/);
});

// The page app webviews load paints from HTML its build wrote (scripts/prerender-snapshots.mjs): the crisis bar
// and the room's first view (the link being checked), no one's data; the room then takes it over in place.
const ROOM_ORIGIN = `http://localhost:${REMOTE_PORTS['mfe-session-room']}`;
const DISCLAIMER = /^Haven is not an emergency service\./;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("the standalone room page shows the crisis bar, the room's heading and that the link is being checked", async ({ page }) => {
    await page.goto(`${ROOM_ORIGIN}/session-room/42/e30/android?is_web_app=false`);
    const safety = page.getByRole('complementary', { name: 'Safety' });
    await expect(safety.getByText(DISCLAIMER)).toBeVisible();
    await expect(safety.getByRole('button', { name: 'Crisis help' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Session room' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Checking your session' })).toBeVisible();
  });
});

test("an app's room link on the standalone page: the picture is taken over in place, without a shift, and the patient gets to the pre-join", async ({
  page,
  request,
}) => {
  const email = await signUpFreshPatient(request);
  const session = await liveSession(request, email);
  const path = await patientRoomPath(request, session.uuid, email, 'android');
  // The document is the same for every link: nobody's name, account or session in it.
  const html = await (await request.get(`${ROOM_ORIGIN}${path}`)).text();
  expect(html).toContain('<div id="hv-snapshot">');
  expect(html).not.toMatch(/patient@haven\.test|Get ready to meet|room_token|prerender\/[^"]*\/website/);
  expect(html).not.toContain(session.uuid);

  await recordLayoutShifts(page);
  // The room's script is held back until the picture has been looked at, as on a slow network.
  let release!: () => void;
  const looked = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`${ROOM_ORIGIN}/main\\.js`), async (route) => {
    await looked;
    await route.continue();
  });
  await page.goto(`${ROOM_ORIGIN}${path}`, { waitUntil: 'domcontentloaded' });
  const snapshot = page.locator('#hv-snapshot');
  await expect(snapshot.getByText(DISCLAIMER)).toBeVisible();
  await expect(snapshot.getByRole('heading', { level: 1, name: 'Session room' })).toBeVisible();
  release();

  await waitForLivePage(page);
  await expect(page.getByRole('heading', { name: /Get ready to meet/ })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('complementary', { name: 'Safety' }).getByText(DISCLAIMER)).toBeVisible();
  // The link's payload left the address, as without the picture.
  expect(page.url()).not.toContain(path.split('/')[3]!);
  const { total, shifts } = await layoutShifts(page);
  expect(total, JSON.stringify(shifts, null, 1)).toBe(0);
});
