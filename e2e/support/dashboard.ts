import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { API, apiSignIn } from './auth';

export type Creds = Awaited<ReturnType<typeof apiSignIn>>;

export interface ApiBooking {
  uuid: string;
  status: string;
  start_time: string;
  end_time: string;
  mode: string;
  session_type: string;
  cancel_reason: string | null;
  provider: { firstname: string; lastname: string; uuid: string; roles: string[] };
}

function headers(c: Creds) {
  return { 'access-token': c.token, client: c.client, uid: c.uid, expiry: c.expiry };
}

/**
 * Signs in through the api and hands the page (or every page of a context) those credentials under
 * `@Token:` (what the log-in page stores), so the shell restores the session on load. Only when none are stored yet: a reload keeps the
 * rotated token the page already holds.
 */
export async function signInAs(page: Page | BrowserContext, request: APIRequestContext, email: string): Promise<Creds> {
  const c = await apiSignIn(request, email);
  // A second device's credentials of the same account, so the page's token rotation never races ours.
  const forPage = await apiSignIn(request, email);
  await page.addInitScript(
    (stored) => {
      if (!window.localStorage.getItem('@Token:')) window.localStorage.setItem('@Token:', stored);
    },
    JSON.stringify({ 'access-token': forPage.token, client: forPage.client, uid: forPage.uid, expiry: forPage.expiry }),
  );
  return c;
}

/** An authenticated api call; adopts rotated credentials like the web client does. */
export async function apiCall<T>(request: APIRequestContext, c: Creds, method: 'get' | 'post', path: string, data?: unknown): Promise<T> {
  const response = await request[method](`${API}${path}`, { headers: headers(c), ...(data === undefined ? {} : { data }) });
  expect(response.ok(), `${method} ${path} ${response.status()}`).toBe(true);
  const h = response.headers();
  if (h['access-token'])
    Object.assign(c, { token: h['access-token'], client: h.client ?? c.client, uid: h.uid ?? c.uid, expiry: h.expiry ?? c.expiry });
  return (await response.json()) as T;
}

export async function upcoming(request: APIRequestContext, c: Creds) {
  return apiCall<{ bookings: ApiBooking[]; suggested_bookings: ApiBooking[] }>(request, c, 'get', '/customers/upcomingsessions');
}

/**
 * 'DD MMM YYYY, hh:mm A' of an instant in a zone, built here with Intl's own options (independent of the
 * app's formatter). en-US: its short September is 'Sep' (MMM); en-GB's is 'Sept'.
 */
export function fullLabel(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toUpperCase()}`;
}

export function timeLabel(iso: string, timeZone: string): string {
  return fullLabel(iso, timeZone).split(', ')[1] ?? '';
}

/** A confirmed (paid) online booking of a new patient with Rahul (free every day) on the n-th free day. */
export async function bookFreshSession(request: APIRequestContext, c: Creds, nthFreeDay: number): Promise<ApiBooking> {
  const providers = await apiCall<{ data: Array<{ uuid: string; firstname: string }> }>(request, c, 'get', '/providers?role=therapist');
  const rahul = providers.data.find((p) => p.firstname === 'Rahul');
  expect(rahul, 'seeded provider Rahul').toBeTruthy();
  const dates = await apiCall<{ data: { dates: Array<{ date: string }> } }>(
    request,
    c,
    'get',
    `/providers/${rahul!.uuid}/schedule_dates?timezone=Asia/Kolkata`,
  );
  const date = dates.data.dates[nthFreeDay]!.date;
  const slots = await apiCall<{ data: { slots: Array<{ start_time: string }> } }>(
    request,
    c,
    'get',
    `/providers/${rahul!.uuid}/slots?date=${date}&timezone=Asia/Kolkata`,
  );
  const created = await apiCall<{ data: ApiBooking }>(request, c, 'post', '/bookings', {
    provider_uuid: rahul!.uuid,
    start_time: slots.data.slots[0]!.start_time,
    mode: 'online',
  });
  // A session with a price is confirmed by its payment (the simulated checkout outside production).
  const t = await apiCall<{ data: { transaction_id: string } }>(request, c, 'post', '/payments/temporary_transaction', {
    booking_uuid: created.data.uuid,
  });
  return (
    await apiCall<{ data: { booking: ApiBooking } }>(request, c, 'post', `/payments/${t.data.transaction_id}/simulate`, {
      outcome: 'success',
    })
  ).data.booking;
}

/** Answers every dashboard modal of an account through the api, and (unless told) its tours, so they do not cover the page. */
export async function answerDashboardModals(request: APIRequestContext, c: Creds, options: { tours?: boolean } = {}): Promise<void> {
  await apiCall(request, c, 'post', '/customers/mark_privacy_policy', { method_type: 'web', policy_type: 'privacy_policy' });
  await apiCall(request, c, 'post', '/customers/mark_tnc_and_privacy');
  await apiCall(request, c, 'post', '/customers/mark_eighteen_plus');
  const put = async (path: string, data?: unknown) => {
    const response = await request.put(`${API}${path}`, { headers: headers(c), ...(data === undefined ? {} : { data }) });
    expect(response.ok(), `put ${path} ${response.status()}`).toBe(true);
  };
  await put('/customers/dashboard_modals/first_step_modal');
  await put('/customers/ai_consents', { ai_consent: false, is_ai_consent_modal_viewed: true });
  await put('/customers/profile_communication_config', { config_key: 'new_profile_modal', status: false });
  if (options.tours !== false) await markToursSeen(request, c);
}

/** Records every guided tour as seen (a fresh account gets each tour once), so a test of a page meets no tour. */
export async function markToursSeen(request: APIRequestContext, c: Creds): Promise<void> {
  for (const section of ['dashboard', 'experts', 'care_tools', 'journey', 'journal']) {
    const response = await request.put(`${API}/customers/coachmarks/${section}`, { headers: headers(c) });
    expect(response.ok(), `put coachmarks/${section} ${response.status()}`).toBe(true);
  }
}
