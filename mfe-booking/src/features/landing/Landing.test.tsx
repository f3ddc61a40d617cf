import { act, render, screen, within } from '@testing-library/react';
import { havenStore, type AuthUser } from '@haven/shared';
import { Landing } from './Landing';

const patient = { id: 1, email: 'asha@example.com', usertype: 'patient' } as AuthUser;

afterEach(() => act(() => havenStore.getState().auth.reset()));

describe('Landing', () => {
  it.each([
    ['signed out', null, false, ['Find a provider', '/providers'], ['Log in', '/auth/log-in/']],
    ['signed in', patient, false, ['Book a session', '/providers'], ['Go to my care', '/dashboard']],
  ] as const)('%s: offers the right two actions', (_label, user, loading, [cta, ctaHref], [second, secondHref]) => {
    act(() => havenStore.getState().auth.update({ user, loading }));
    render(<Landing focus="home" />);
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: cta })).toHaveAttribute('href', ctaHref);
    expect(main.getByRole('link', { name: second })).toHaveAttribute('href', secondHref);
    expect(main.queryAllByRole('link', { name: 'Log in' })).toHaveLength(user ? 0 : 1);
  });

  it('does not offer Log in while the session is still being checked', () => {
    act(() => havenStore.getState().auth.update({ user: null, loading: true }));
    render(<Landing focus="home" />);
    expect(within(screen.getByRole('main')).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });
});
