import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { API, apiSignIn } from './auth';
import { CHROMIUM_ARGS, TEST_BROWSER } from '../playwright.config';

// Helpers for the session-room suites: live sessions made by the api's development route, the room
// addresses of the patient (credentials payload, product rules, Sessions and the room) and the provider (room link), fake media, and
// the WebRTC statistics of the page's peer connections.

/** Chromium with a fake camera and microphone that it may use without asking. */
export const FAKE_MEDIA_LAUNCH = {
  executablePath: TEST_BROWSER,
  // device-count=3: three fake cameras beside Chromium's three fake microphones, so switching devices in a
  // call can be tested. fake_device_0 gives I420 frames, fake_device_1 Y16 (a depth camera: a video sender
  // encodes none of its frames, while a <video> shows them), fake_device_2 MJPEG.
  args: [
    ...CHROMIUM_ARGS,
    '--use-fake-device-for-media-stream=device-count=3',
    '--use-fake-ui-for-media-stream',
    '--autoplay-policy=no-user-gesture-required',
  ],
};

export interface LiveSession {
  uuid: string;
  room_token: string;
}

/** A confirmed (or cancelled) online session of `email` starting now (with the provider named, else the api's first), and its provider's room link token. */
export async function liveSession(
  request: APIRequestContext,
  email: string,
  status: 'confirmed' | 'cancelled' = 'confirmed',
  providerUuid?: string,
): Promise<LiveSession> {
  const response = await request.post(`${API}/dev/session_room`, { data: { email, status, provider_uuid: providerUuid } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: LiveSession }).data;
}

const base64Json = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
const roomPath = (uuid: string, payload: unknown, platform: string) =>
  `/session-room/${uuid}/${encodeURIComponent(base64Json(payload))}/${platform}?is_web_app=true`;

/** The address the dashboard's Join builds, for a new device of `email` (its own credentials). */
export async function patientRoomPath(request: APIRequestContext, uuid: string, email: string, platform = 'website'): Promise<string> {
  const c = await apiSignIn(request, email);
  return roomPath(
    uuid,
    {
      'access-token': c.token,
      client: c.client,
      uid: c.uid,
      expiry: c.expiry,
      redirectUrl: encodeURIComponent('http://localhost:3000/dashboard'),
    },
    platform,
  );
}

/** The provider's room link (what the api issues for the booking). */
export function providerRoomPath(session: LiveSession): string {
  return roomPath(session.uuid, { room_token: session.room_token }, 'website');
}

/** Keeps every RTCPeerConnection the page makes, so the test can read getStats() (no hook in the product). */
export async function recordPeerConnections(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections = made;
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        made.push(this);
      }
    };
  });
}

/** The device ids of the tracks the page's open peer connections are sending, per kind. */
export function sentDeviceIds(page: Page): Promise<{ audio: string[]; video: string[] }> {
  return page.evaluate(() => {
    const ids = { audio: [] as string[], video: [] as string[] };
    const list = (window as unknown as { __peerConnections?: RTCPeerConnection[] }).__peerConnections ?? [];
    for (const pc of list.filter((p) => p.connectionState !== 'closed')) {
      for (const sender of pc.getSenders()) {
        const track = sender.track;
        if (track && (track.kind === 'audio' || track.kind === 'video')) ids[track.kind].push(track.getSettings().deviceId ?? '');
      }
    }
    return ids;
  });
}

/** Bytes received so far per kind on the page's open peer connections (inbound-rtp). */
export function inboundBytes(page: Page): Promise<{ audio: number; video: number }> {
  return page.evaluate(async () => {
    const totals = { audio: 0, video: 0 };
    const list = (window as unknown as { __peerConnections?: RTCPeerConnection[] }).__peerConnections ?? [];
    for (const pc of list.filter((p) => p.connectionState !== 'closed')) {
      (await pc.getStats()).forEach((report: { type: string; kind?: string; bytesReceived?: number }) => {
        if (report.type === 'inbound-rtp' && (report.kind === 'audio' || report.kind === 'video'))
          totals[report.kind] += report.bytesReceived ?? 0;
      });
    }
    return totals;
  });
}

/** Both kinds of media keep arriving: the bytes received grow for audio and for video. */
export async function expectMediaFlowing(page: Page, who: string): Promise<void> {
  const before = await inboundBytes(page);
  await expect
    .poll(
      async () => {
        const now = await inboundBytes(page);
        return now.audio > before.audio && now.video > before.video;
      },
      { message: `${who} receives audio and video`, timeout: 20_000 },
    )
    .toBe(true);
}

/** Goes from pre-join into the call. */
export async function joinFromPreJoin(page: Page, options: { cameraOff?: boolean } = {}): Promise<void> {
  await expect(page.getByRole('heading', { name: /Get ready to meet/ })).toBeVisible({ timeout: 15_000 });
  if (options.cameraOff) await page.getByLabel('Join with camera off').check();
  await page.getByRole('button', { name: 'Join session' }).click();
  await expect(page.getByRole('button', { name: 'Leave session' })).toBeVisible();
}

export const callStatus = (page: Page) => page.locator('.hv-call__status');
