import { expect, test, type Locator } from '@playwright/test';
import { API, signUpFreshPatient } from './support/auth';
import { answerDashboardModals, apiCall, signInAs } from './support/dashboard';
import { FAKE_MEDIA_LAUNCH, liveSession, patientRoomPath } from './support/session-room';

// One zone rule for every page: a patient whose location is New York while the device is set to India
// (travelling, or the device's zone never changed) sees the same session at the same time, in New York's
// zone, on the dashboard, on the booking's session page and in the session room. The location service
// answers from where the patient is; here it is told New York whatever zone the device sends.

const LOCATED_IN = 'America/New_York';
const DEVICE_ZONE = 'Asia/Kolkata';

test.use({ timezoneId: DEVICE_ZONE, launchOptions: FAKE_MEDIA_LAUNCH });

/** 'hh:mm AM' of an instant in a zone, as the product's labels write it. */
function clock(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', minute: '2-digit', hour12: true }).format(new Date(iso));
}

async function shownClock(label: Locator): Promise<string> {
  await expect(label).toHaveText(/\d\d:\d\d [AP]M/);
  return /\d\d:\d\d [AP]M/.exec((await label.textContent()) ?? '')![0];
}

test('the same session is labelled in the location’s zone on the dashboard, the session page and the session room', async ({
  page,
  context,
  request,
}) => {
  test.slow(); // three apps and the room's media
  await context.route(`${API}/customers/user_location?**`, (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('system_timezone', LOCATED_IN);
    return route.continue({ url: url.toString() });
  });
  const email = await signUpFreshPatient(request);
  const session = await liveSession(request, email);
  const c = await signInAs(page, request, email);
  await answerDashboardModals(request, c);
  const { bookings } = await apiCall<{ bookings: Array<{ uuid: string; start_time: string }> }>(
    request,
    c,
    'get',
    '/customers/upcomingsessions',
  );
  const start = bookings.find((b) => b.uuid === session.uuid)!.start_time;
  const expected = clock(start, LOCATED_IN);
  // The test means something only when the two zones show different clocks (they always do: 9.5 or 10.5 h apart).
  expect(expected).not.toBe(clock(start, DEVICE_ZONE));

  // The zone is written one way on every page: its name and its offset from GMT.
  const written = /Eastern (Standard|Daylight) Time \(GMT-[45]\)$/;
  const zoneOf = async (label: Locator) => {
    await expect(label).toHaveText(written);
    return written.exec(((await label.textContent()) ?? '').trim())![0];
  };

  await page.goto('/dashboard');
  await expect(page.getByRole('note')).toHaveText(
    /^Times are shown in your current time zone: Eastern (Standard|Daylight) Time \(GMT-[45]\)\.$/,
  );
  const card = page.getByRole('article', { name: /^Session with / }).locator('.hv-session__when');
  const dashboard = await shownClock(card.locator('time'));
  const dashboardZone = await zoneOf(card);

  await page.goto(`/booking/session/${session.uuid}`);
  const sessionPage = await shownClock(page.getByTestId('session-when'));
  const sessionPageZone = await zoneOf(page.getByTestId('session-when'));

  const room = await context.newPage();
  await room.goto(await patientRoomPath(request, session.uuid, email));
  await expect(room.getByRole('heading', { name: /Get ready to meet/ })).toBeVisible({ timeout: 15_000 });
  const inRoom = await shownClock(room.getByTestId('room-session-when').locator('time'));
  const inRoomZone = await zoneOf(room.getByTestId('room-session-when'));

  expect({ dashboard, sessionPage, inRoom }).toEqual({ dashboard: expected, sessionPage: expected, inRoom: expected });
  expect(new Set([dashboardZone, sessionPageZone, inRoomZone]).size).toBe(1);
});
