import { act, renderHook } from '@testing-library/react';
import { delay, http } from 'msw';
import { havenStore, useHavenStore } from '@haven/shared';
import { API, installApiTestKit, json, server } from '../../test/api-test-kit';
import { loadCompletedSessions, loadCompletedSessionsCount, loadSessionsPage, loadUpcomingSessions } from './load-sessions';

installApiTestKit();
const sessions = () => havenStore.getState().sessions;
let consoleError: jest.SpyInstance;
beforeEach(() => {
  sessions().reset();
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

const booking = (uuid: string) => ({
  uuid,
  status: 'confirmed',
  start_time: '2026-11-24T05:30:00.000Z',
  end_time: '2026-11-24T06:20:00.000Z',
  mode: 'online',
  session_type: 'individual',
  fee: 1500,
  currency: 'INR',
  clinic_centre_id: null,
  cancel_reason: null,
  provider: { firstname: 'Ananya', lastname: 'Rao', uuid: 'p-1', roles: ['therapist'] },
});

describe('sessions lists (product rules, Sessions and the room: flag semantics)', () => {
  it('sets fetching upcoming and loading true before the fetch; success stores both lists and clears them', async () => {
    let during: object = {};
    server.use(
      http.get(`${API}/customers/upcomingsessions`, () => {
        during = { fetchingUpcoming: sessions().fetchingUpcoming, loading: sessions().loading };
        return json({ bookings: [booking('b-1')], suggested_bookings: [booking('b-2')] });
      }),
    );
    expect(await loadUpcomingSessions()).toBe(true);
    expect(during).toEqual({ fetchingUpcoming: true, loading: true });
    expect(sessions()).toMatchObject({ fetchingUpcoming: false, loading: false });
    expect(sessions().upcomingSessions.map((b) => b.uuid)).toEqual(['b-1']);
    expect(sessions().suggestedSessions.map((b) => b.uuid)).toEqual(['b-2']);
  });

  it('a failure clears fetching upcoming but not the general loading flag, keeps the lists, and is only reported', async () => {
    sessions().update({ upcomingSessions: [booking('old')] });
    server.use(http.get(`${API}/customers/upcomingsessions`, () => json({ message: 'boom' }, 500)));
    expect(await loadUpcomingSessions()).toBe(false);
    expect(sessions()).toMatchObject({ fetchingUpcoming: false, loading: true });
    expect(sessions().upcomingSessions.map((b) => b.uuid)).toEqual(['old']);
    expect(consoleError).toHaveBeenCalledWith('[haven]', expect.any(Error), expect.objectContaining({ where: 'upcoming sessions' }));
  });

  it('completed: the same semantics with fetching completed', async () => {
    server.use(http.get(`${API}/customers/completedsessions`, () => json({ bookings: [booking('c-1')] })));
    await loadCompletedSessions();
    expect(sessions()).toMatchObject({ fetchingCompleted: false, loading: false });
    expect(sessions().completedSessions.map((b) => b.uuid)).toEqual(['c-1']);

    server.use(http.get(`${API}/customers/completedsessions`, () => json({}, 503)));
    await loadCompletedSessions();
    expect(sessions()).toMatchObject({ fetchingCompleted: false, loading: true });
  });

  it('the completed count is data.data.total_completed_sessions of analytics info', async () => {
    server.use(
      http.get(`${API}/customers/analytics_info`, () =>
        json({ data: { total_completed_sessions: 3, total_upcoming_sessions: 1, usertype: 'patient' } }),
      ),
    );
    await loadCompletedSessionsCount();
    expect(sessions().completedSessionsCount).toBe(3);
  });
});

describe('the home’s first load', () => {
  const sessionLists = () => havenStore.getState().sessions;
  it('writes every answer to the store together once the last is in: the lists render once, never half-filled', async () => {
    havenStore.getState().clinics.update({ clinics: [] });
    server.use(
      http.get(`${API}/customers/upcomingsessions`, () => json({ bookings: [booking('u-1')], suggested_bookings: [] })),
      // The completed list answers last: an answer written on arrival would render the upcoming one alone first.
      http.get(`${API}/customers/completedsessions`, async () => {
        await delay(60);
        return json({ bookings: [booking('c-1')] });
      }),
      http.get(`${API}/customers/analytics_info`, () =>
        json({ data: { total_completed_sessions: 1, total_upcoming_sessions: 1, usertype: 'patient' } }),
      ),
      http.get(`${API}/customers/ih_clinics`, () => json({ data: [{ id: 7, name: 'Indiranagar', city: 'Bengaluru' }] })),
    );
    const rendered: string[] = [];
    renderHook(() => {
      const upcoming = useHavenStore((s) => s.sessions.upcomingSessions.length);
      const completed = useHavenStore((s) => s.sessions.completedSessions.length);
      const count = useHavenStore((s) => s.sessions.completedSessionsCount);
      const clinics = useHavenStore((s) => s.clinics.clinics.length);
      rendered.push(`${upcoming} ${completed} ${count} ${clinics}`);
    });
    let ok = false;
    await act(async () => {
      ok = await loadSessionsPage();
    });
    expect(ok).toBe(true);
    expect(sessionLists()).toMatchObject({ fetchingUpcoming: false, fetchingCompleted: false, loading: false, completedSessionsCount: 1 });
    // Empty until everything answered, then everything at once.
    expect(new Set(rendered)).toEqual(new Set(['0 0 0 0', '1 1 1 1']));
  });

  it('one list failing: the other is still written, the failure reported, and the load says it failed', async () => {
    havenStore.getState().clinics.update({ clinics: [] });
    server.use(
      http.get(`${API}/customers/upcomingsessions`, () => json({ message: 'boom' }, 500)),
      http.get(`${API}/customers/completedsessions`, () => json({ bookings: [booking('c-2')] })),
      http.get(`${API}/customers/analytics_info`, () => json({ message: 'down' }, 503)),
      http.get(`${API}/customers/ih_clinics`, () => json({ message: 'down' }, 503)),
    );
    expect(await loadSessionsPage()).toBe(false);
    expect(sessionLists()).toMatchObject({ fetchingUpcoming: false, fetchingCompleted: false });
    expect(sessionLists().completedSessions.map((b) => b.uuid)).toEqual(['c-2']);
    expect(havenStore.getState().clinics).toMatchObject({ clinics: [], isLoading: false });
    expect(consoleError).toHaveBeenCalledWith('[haven]', expect.any(Error), expect.objectContaining({ where: 'upcoming sessions' }));
  });
});
