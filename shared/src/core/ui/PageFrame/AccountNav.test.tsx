import { act, render, screen } from '@testing-library/react';
import { havenStore } from '../../state/store';
import type { AuthUser } from '../../state/types';
import { AccountNav } from './AccountNav';

const user = { id: 1, email: 'asha@example.com', usertype: 'patient' } as AuthUser;

afterEach(() => act(() => havenStore.getState().auth.reset()));

describe('AccountNav', () => {
  it('shows nothing while the session is being checked', () => {
    act(() => havenStore.getState().auth.update({ user: null, loading: true }));
    const { container } = render(<AccountNav pathname="/t-p" search="" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('offers log-in that comes back to this page when nobody is signed in', () => {
    act(() => havenStore.getState().auth.update({ user: null, loading: false }));
    render(<AccountNav pathname="/therapy-psychiatry/" search="?x=1" />);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/auth/log-in/?redirectPath=%2Ftherapy-psychiatry%2F%3Fx%3D1',
    );
  });

  it('offers my care and log-out when someone is signed in, and follows links without a reload', () => {
    act(() => havenStore.getState().auth.update({ user, loading: false }));
    render(<AccountNav pathname="/t-p" search="" />);
    const logOut = screen.getByRole('link', { name: 'Log out' });
    expect(screen.getByRole('link', { name: 'My care' })).toHaveAttribute('href', '/dashboard');
    // The account link shows the person's drawn avatar (the warm default figure: this user has no name).
    expect(screen.getByRole('link', { name: 'Your account' })).toHaveAttribute('href', '/account');
    expect(screen.getByRole('link', { name: 'Your account' }).querySelector('.hv-avatar')).toHaveClass('hv-avatar--warm');
    const popstate = jest.fn();
    window.addEventListener('popstate', popstate);
    act(() => logOut.click());
    window.removeEventListener('popstate', popstate);
    expect(window.location.pathname).toBe('/auth/log-out');
    expect(popstate).toHaveBeenCalled();
  });

  it('stays out of the sign-in pages', () => {
    act(() => havenStore.getState().auth.update({ user: null, loading: false }));
    const { container } = render(<AccountNav pathname="/auth/log-in/" search="" />);
    expect(container).toBeEmptyDOMElement();
  });
});
