import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { clearCredentials, setCredentials } from '../../credentials/credential-store';
import { reportError } from '../../reporting/report-error';
import { havenStore } from '../../state/store';
import type { AuthUser } from '../../state/types';
import { lazyPage } from '../../ui/LazyPage/lazy-page';
import { RequireSignIn } from './RequireSignIn';

jest.mock('../../reporting/report-error', () => ({ reportError: jest.fn() }));

const user = { id: 1, email: 'asha@example.com', usertype: 'patient' } as AuthUser;
const stored = { 'access-token': 't', client: 'c', uid: 'asha@example.com', expiry: '9999999999' };

function renderGuard(preload: () => Promise<unknown>) {
  return render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <RequireSignIn preload={preload}>
        <h1>Your care</h1>
      </RequireSignIn>
    </MemoryRouter>,
  );
}

beforeEach(() => jest.clearAllMocks());
afterEach(() => {
  act(() => havenStore.getState().auth.reset());
  clearCredentials();
});

describe('RequireSignIn preload (the page downloads while the session is confirmed)', () => {
  it.each([
    ['a stored session being confirmed', true, { user: null, loading: true }, 1],
    ['someone signed in', false, { user, loading: false }, 1],
    ['nobody signed in, nothing stored', false, { user: null, loading: false }, 0],
    ['still loading, but nothing stored (a visitor on their way to log in)', false, { user: null, loading: true }, 0],
  ])('%s (credentials stored: %s)', (_, hasCredentials, auth, calls) => {
    if (hasCredentials) setCredentials(stored);
    act(() => havenStore.getState().auth.update(auth));
    const preload = jest.fn(() => Promise.resolve());
    renderGuard(preload);
    expect(preload).toHaveBeenCalledTimes(calls);
  });

  it('a preload that fails is reported; the page is still guarded', async () => {
    setCredentials(stored);
    act(() => havenStore.getState().auth.update({ user: null, loading: true }));
    const failure = new Error('Loading chunk 42 failed');
    renderGuard(() => Promise.reject(failure));
    await act(async () => undefined);
    expect(reportError).toHaveBeenCalledWith(failure, { where: 'RequireSignIn preload' });
    expect(screen.getByRole('status', { name: 'Loading your account' })).toBeInTheDocument();
    expect(screen.queryByRole('heading')).toBeNull();
  });
});

describe('lazyPage', () => {
  it('renders the named export and preloads through the same import', async () => {
    const load = jest.fn(() => Promise.resolve({ CarePage: () => <h1>Care page</h1> }));
    const Page = lazyPage(load, 'CarePage');
    await Page.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Care page' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2); // preload + render: the bundler fetches the module once
  });
});
