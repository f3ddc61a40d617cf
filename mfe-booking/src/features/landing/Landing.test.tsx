import { act, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { havenStore, type AuthUser } from '@haven/shared';
import { API, installApiTestKit, server } from '../../test/api-test-kit';
import { Landing } from './Landing';
import { offering } from '../../test/offering';

installApiTestKit();

const patient = { id: 1, email: 'asha@example.com', usertype: 'patient' } as AuthUser;
const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString();
const booking = (start_time: string, status = 'confirmed') => ({
  uuid: `b-${start_time}`,
  status,
  start_time,
  end_time: start_time,
  provider: { uuid: 'p-1', firstname: 'Kabir', lastname: 'Singh' },
});

const listed = [
  [1500, 38],
  [1300, 33],
].map(([fee, usd], i) => ({
  uuid: `p-${i}`,
  online_offering: offering(fee!, usd!),
  offline_offering: null,
  offer: null,
  covered_by: null,
}));

beforeEach(() =>
  server.use(http.get(`${API}/providers`, () => HttpResponse.json({ data: listed, meta: { total: 2, page: 1, per_page: 50 } }))),
);
afterEach(() => act(() => havenStore.getState().auth.reset()));
afterEach(() => act(() => havenStore.getState().userLocationDetails.update({ location: null, isUserInForeignTimezone: false })));

describe('Landing', () => {
  it('signed out: find a provider, and create an account beside log in', () => {
    act(() => havenStore.getState().auth.update({ user: null, loading: false }));
    render(<Landing focus="home" />);
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Find a provider' })).toHaveAttribute('href', '/providers');
    expect(main.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/auth/sign-up');
    expect(main.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth/log-in/');
    for (const heading of ['How it works', 'Who you will talk to', 'Your privacy'])
      expect(main.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
  });

  it.each([
    ['in India', { country: 'IN', timezone: 'Asia/Kolkata', display_timezone: 'IST', is_international: false }, '₹1,300'],
    ['abroad', { country: 'GB', timezone: 'Europe/London', display_timezone: 'GMT', is_international: true }, '$33'],
  ])('%s: "Sessions from" the lowest listed session price in the visitor\'s currency', async (_, location, price) => {
    act(() => havenStore.getState().auth.update({ user: null, loading: false }));
    act(() => havenStore.getState().userLocationDetails.setLocation(location));
    render(<Landing focus="home" />);
    const line = await within(screen.getByRole('main')).findByText(/^Sessions from/, {}, { timeout: 10_000 });
    expect(line).toHaveTextContent(`Sessions from ${price} for 50 minutes.`);
  });

  it('signed in with a session ahead: the next session, with whom, is the way to their care', async () => {
    server.use(
      http.get(`${API}/customers/upcomingsessions`, () => HttpResponse.json({ bookings: [booking(inTwoDays)], suggested_bookings: [] })),
    );
    act(() => havenStore.getState().auth.update({ user: patient, loading: false }));
    render(<Landing focus="home" />);
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Book a session' })).toHaveAttribute('href', '/providers');
    const next = await main.findByRole('link', { name: /^Your next session: .* with Kabir Singh$/ }, { timeout: 10_000 });
    expect(next).toHaveAttribute('href', '/dashboard');
    expect(main.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(main.queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
  });

  it('signed in with nothing booked: "Go to my care"', async () => {
    server.use(http.get(`${API}/customers/upcomingsessions`, () => HttpResponse.json({ bookings: [], suggested_bookings: [] })));
    act(() => havenStore.getState().auth.update({ user: patient, loading: false }));
    render(<Landing focus="home" />);
    expect(await within(screen.getByRole('main')).findByRole('link', { name: 'Go to my care' })).toHaveAttribute('href', '/dashboard');
  });

  it('does not offer Log in or sign-up while the session is still being checked', () => {
    act(() => havenStore.getState().auth.update({ user: null, loading: true }));
    render(<Landing focus="home" />);
    expect(within(screen.getByRole('main')).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
  });
});
