import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { provideSignInEntry } from '../../auth/load-auth-flows';
import type { SignInEntry } from '../../auth/sign-in-entry';
import { havenStore } from '../../state/store';
import type { AuthUser } from '../../state/types';
import { AccountNav } from './AccountNav';
import { resetPagePaintedForTests } from '../../platform/page-painted';

const user = { id: 1, email: 'asha@example.com', usertype: 'patient' } as AuthUser;

afterEach(() => {
  act(() => havenStore.getState().auth.reset());
  window.localStorage.clear();
  resetPagePaintedForTests();
});

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

  it('names the child or member the pages act for, never the parent then', async () => {
    const parent = { ...user, uuid: 'p-1', first_name: 'Asha', last_name: 'Rao' } as AuthUser;
    act(() =>
      havenStore.getState().auth.update({ user: parent, acting: { uuid: 'c-1', first_name: 'Kiran', last_name: 'Rao' }, loading: false }),
    );
    render(<AccountNav pathname="/dashboard" search="" />);
    // Acting for someone means two people at least: the first paint names them (the account link, in the
    // switch's box), and the switch takes that place when its chunk has come, list or not.
    expect(screen.getByRole('navigation', { name: 'Account' })).toHaveTextContent('Kiran Rao');
    const account = await screen.findByRole('button', { name: 'Acting for Kiran Rao: switch person' });
    expect(account.querySelector('.hv-avatar')).toHaveTextContent('KR');
    expect(screen.queryByText(/Asha/)).toBeNull();
  });

  it('with two or more people the account is a switch: the list names them and a choice switches through the sign-in entry', async () => {
    const switchProfile = jest.fn(async (uuid: string) => {
      havenStore.getState().auth.update({ acting: { uuid, first_name: 'Kiran', last_name: 'Rao' } });
      return true;
    });
    const endProfileSession = jest.fn(async () => undefined);
    provideSignInEntry(async () => ({ switchProfile, endProfileSession }) as unknown as SignInEntry);
    const parent = { ...user, uuid: 'p-1', first_name: 'Asha', last_name: 'Rao' } as AuthUser;
    act(() =>
      havenStore.getState().auth.update({
        user: parent,
        loading: false,
        profiles: [
          { uuid: 'p-1', first_name: 'Asha', last_name: 'Rao' },
          { uuid: 'c-1', first_name: 'Kiran', last_name: 'Rao' },
        ],
      }),
    );
    render(<AccountNav pathname="/dashboard" search="" />);
    // The switch is its own chunk: the account link stands in until it has loaded.
    const button = await screen.findByRole('button', { name: 'Your account: switch person' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    const people = await screen.findByRole('group', { name: 'People of this account' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // The list takes focus; the current person is marked.
    expect(screen.getByRole('button', { name: /Asha Rao \(you\)/ })).toHaveFocus();
    expect(screen.getByRole('button', { name: /Asha Rao \(you\)/ })).toHaveAttribute('aria-current', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Kiran Rao' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(switchProfile).toHaveBeenCalledWith('c-1');
    expect(people).not.toBeInTheDocument();
    // The header now names the child, and focus is back on the switch.
    const after = screen.getByRole('button', { name: 'Acting for Kiran Rao: switch person' });
    expect(after).toHaveFocus();
  });

  it('Escape closes the list without switching', async () => {
    const switchProfile = jest.fn(async () => true);
    provideSignInEntry(async () => ({ switchProfile, endProfileSession: jest.fn() }) as unknown as SignInEntry);
    act(() =>
      havenStore.getState().auth.update({
        user: { ...user, uuid: 'p-1' } as AuthUser,
        loading: false,
        profiles: [{ uuid: 'p-1' }, { uuid: 'c-1', first_name: 'Kiran' }],
      }),
    );
    render(<AccountNav pathname="/dashboard" search="" />);
    await userEvent.click(await screen.findByRole('button', { name: /switch person/ }));
    await screen.findByRole('group', { name: 'People of this account' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'People of this account' })).toBeNull();
    expect(screen.getByRole('button', { name: /switch person/ })).toHaveFocus();
    expect(switchProfile).not.toHaveBeenCalled();
  });

  it('opened before the list is loaded (acting, stored): it loads the list then, showing that it is loading', async () => {
    let arrive: () => void = () => undefined;
    const loadProfiles = jest.fn(
      () =>
        new Promise<void>((resolve) => {
          arrive = () => {
            havenStore.getState().auth.update({
              profilesLoading: false,
              profiles: [
                { uuid: 'p-1', first_name: 'Asha', last_name: 'Rao' },
                { uuid: 'c-1', first_name: 'Kiran', last_name: 'Rao' },
              ],
            });
            resolve();
          };
        }),
    );
    provideSignInEntry(async () => ({ loadProfiles, switchProfile: jest.fn(), endProfileSession: jest.fn() }) as unknown as SignInEntry);
    act(() =>
      havenStore.getState().auth.update({
        user: { ...user, uuid: 'p-1', first_name: 'Asha', last_name: 'Rao' } as AuthUser,
        acting: { uuid: 'c-1', first_name: 'Kiran', last_name: 'Rao' },
        loading: false,
      }),
    );
    render(<AccountNav pathname="/booking" search="" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Acting for Kiran Rao: switch person' }));
    const people = await screen.findByRole('group', { name: 'People of this account' });
    expect(within(people).getByRole('status', { name: 'Loading the people of this account' })).toBeInTheDocument();
    await waitFor(() => expect(loadProfiles).toHaveBeenCalledTimes(1));
    act(() => arrive());
    expect(await screen.findByRole('button', { name: /Asha Rao \(you\)/ })).toBeVisible();
    expect(within(people).getByRole('button', { name: /Kiran Rao/ })).toHaveAttribute('aria-current', 'true');
  });

  it('a person an earlier list showed with several people has the switch at first paint; the header itself fetches nothing', async () => {
    const loadProfiles = jest.fn(async () => {
      havenStore.getState().auth.update({ profilesLoading: false, profiles: [{ uuid: 'p-1' }, { uuid: 'c-1', first_name: 'Kiran' }] });
    });
    provideSignInEntry(async () => ({ loadProfiles, switchProfile: jest.fn(), endProfileSession: jest.fn() }) as unknown as SignInEntry);
    act(() => havenStore.getState().auth.update({ user: { ...user, uuid: 'p-1' } as AuthUser, loading: false }));
    // Nothing known yet: the account link, and no list asked for.
    const first = render(<AccountNav pathname="/care-tools" search="" />);
    expect(screen.getByRole('link', { name: 'Your account' })).toBeVisible();
    // A page loads the list (the dashboard does): the switch, and the mark kept for the next load.
    act(() => havenStore.getState().auth.update({ profiles: [{ uuid: 'p-1' }, { uuid: 'c-1', first_name: 'Kiran' }] }));
    expect(await screen.findByRole('button', { name: 'Your account: switch person' })).toBeVisible();
    first.unmount();
    // The next page load, nothing listed yet: the switch from the stored mark, nothing fetched.
    act(() => havenStore.getState().auth.update({ profiles: [] }));
    render(<AccountNav pathname="/journal" search="" />);
    expect(await screen.findByRole('button', { name: 'Your account: switch person' })).toBeVisible();
    expect(loadProfiles).not.toHaveBeenCalled();
    // A list of one person takes the mark away.
    act(() => havenStore.getState().auth.update({ profiles: [{ uuid: 'p-1' }] }));
    expect(await screen.findByRole('link', { name: 'Your account' })).toBeVisible();
    expect(window.localStorage.getItem('many_people')).toBeNull();
  });
});
