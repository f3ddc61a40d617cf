import { waitFor } from '@testing-library/react';
import { setCredentials } from '../../core/credentials/credential-store';
import { handleSessionLost } from '../../core/api/session-loss';
import { provideSignInEntry } from '../../core/auth/load-auth-flows';
import { clearStoredPageData, keepTypedText, STORED_PAGE_DATA_KEY } from '../../core/rules/redirects/stored-page-data';
import { havenStore } from '../../core/state/store';
import type { AuthUser } from '../../core/state/types';
import { buildStoredPageData, parseStoredPageData, STORED_PAGE_DATA_TTL_MS, takeKeptText, takeReturnPath } from './stored-page-data';

const T0 = Date.UTC(2026, 10, 27, 12);
const journal = { pathname: '/journal', search: '?entry=1' };
const stored = () => sessionStorage.getItem(STORED_PAGE_DATA_KEY);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('buildStoredPageData: only a same-origin page, only text that is no secret', () => {
  it.each<[string, { pathname: string; search: string }, string | null]>([
    ['a signed-in page with its query', journal, '/journal?entry=1'],
    ['another host', { pathname: '//evil.example/x', search: '' }, null],
    ['a backslash host', { pathname: '/\\evil.example', search: '' }, null],
    ['a sign-in page', { pathname: '/auth/log-in/', search: '' }, null],
  ])('%s', (_, loc, path) => expect(buildStoredPageData(loc, '/', 'u-7', {}, T0)?.path ?? null).toBe(path));

  it('fields named like secrets are never kept, whatever the form hands over; empty ones neither', () => {
    const record = buildStoredPageData(
      journal,
      '/',
      'u-7',
      { f: { body: 'Dear diary', password: 'x', otp: '1', card_number: '4', cvv: '1', pin: '2', note: '' } },
      T0,
    );
    expect(record?.text).toEqual({ f: { body: 'Dear diary' } });
  });

  it('a signed-out page keeps no text (no one to give it back to); too much text keeps only the page', () => {
    expect(buildStoredPageData(journal, '/', null, { f: { body: 'x' } }, T0)?.text).toEqual({});
    expect(buildStoredPageData(journal, '/', 'u-7', { f: { body: 'x'.repeat(60_000) } }, T0)).toMatchObject({
      path: '/journal?entry=1',
      text: {},
    });
  });
});

describe('parseStoredPageData: storage is untrusted, and the page keeps 30 minutes', () => {
  const good = JSON.stringify(buildStoredPageData(journal, '/', 'u-7', { f: { body: 'x' } }, T0));
  it.each<[string, string | null, number, boolean]>([
    ['fresh', good, T0 + 1000, true],
    ['at 30 minutes', good, T0 + STORED_PAGE_DATA_TTL_MS, true],
    ['past 30 minutes', good, T0 + STORED_PAGE_DATA_TTL_MS + 1, false],
    ['saved in the future', good, T0 - 1, false],
    ['corrupt', '{not json', T0, false],
    ['a path edited to leave the site', good.replace('/journal?entry=1', '//evil.example'), T0, false],
    ['nothing', null, T0, false],
  ])('%s', (_, raw, now, ok) => expect(parseStoredPageData(raw, now) !== null).toBe(ok));
});

describe('the return after sign-in, and the text, once', () => {
  const remember = (landing = '/', user: string | null = 'u-7') =>
    sessionStorage.setItem(
      STORED_PAGE_DATA_KEY,
      JSON.stringify(buildStoredPageData(journal, landing, user, { journal: { body: 'Dear diary' } }, T0)),
    );

  it('a sign-in that names no page, or only the landing page the session loss sent them to, goes back; once', () => {
    remember('/');
    expect(takeReturnPath('u-7', null, T0)).toBe('/journal?entry=1');
    expect(takeReturnPath('u-7', null, T0)).toBeNull();
    clearStoredPageData();
    remember('/therapy-psychiatry/');
    expect(takeReturnPath('u-7', '/therapy-psychiatry/', T0)).toBe('/journal?entry=1');
  });

  it('a sign-in that names another page goes there (the stored page is left for later)', () => {
    remember('/');
    expect(takeReturnPath('u-7', '/sessions', T0)).toBeNull();
    expect(takeReturnPath('u-7', null, T0)).toBe('/journal?entry=1');
  });

  it('someone else signing in on the tab gets neither the page nor the text: both are dropped', () => {
    remember('/');
    expect(takeReturnPath('u-8', null, T0)).toBeNull();
    expect(stored()).toBeNull();
    remember('/');
    expect(takeKeptText('journal', '/journal', 'u-8', T0)).toBeNull();
    expect(stored()).toBeNull();
  });

  it('the form on the page gets its text back once; on another page it waits', () => {
    remember('/');
    expect(takeKeptText('journal', '/sessions', 'u-7', T0)).toBeNull();
    expect(takeKeptText('journal', '/journal', 'u-7', T0)).toEqual({ body: 'Dear diary' });
    expect(takeKeptText('journal', '/journal', 'u-7', T0)).toBeNull();
    expect(stored()).toBeNull(); // used: nothing left
  });

  it('expired: nothing comes back, and the record goes', () => {
    remember('/');
    expect(takeReturnPath('u-7', null, T0 + STORED_PAGE_DATA_TTL_MS + 1)).toBeNull();
    expect(stored()).toBeNull();
  });
});

describe('written when the session ends (the api said 401)', () => {
  const user = { id: 7, uuid: 'u-7', firebaseid: 'fb-7' } as AuthUser;
  const navigate = jest.fn();
  beforeEach(() => {
    provideSignInEntry(() => import('@haven/shared/auth-flows'));
    navigate.mockClear();
    setCredentials({ 'access-token': 't', client: 'c', uid: 'asha@example.com', expiry: '1900000000' });
    havenStore.getState().auth.update({ user });
  });

  it('on a signed-in page: the page and the opted-in form’s text survive the wipe of local storage, kept before the move', async () => {
    const stop = keepTypedText('journal', () => ({ title: 'Today', body: 'Dear diary', password: 'never' }));
    localStorage.setItem('journal_draft:u-7', '{"title":"Today"}');
    let storedAtMove: string | null = null;
    navigate.mockImplementation(() => (storedAtMove = stored()));
    handleSessionLost(401, { pathname: () => '/journal', search: () => '?entry=1', navigate });
    stop(); // the form goes with the page: its text was read when the session ended
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(storedAtMove).toBe(stored());
    expect(localStorage.getItem('journal_draft:u-7')).toBeNull(); // the wipe the product rules ask for
    expect(parseStoredPageData(stored(), Date.now())).toMatchObject({
      path: '/journal?entry=1',
      landing: '/',
      user: 'u-7',
      text: { journal: { title: 'Today', body: 'Dear diary' } },
    });
  });

  it('on a page the session loss leaves alone, or for a session this tab no longer held: nothing kept', async () => {
    handleSessionLost(401, { pathname: () => '/booking', search: () => '', navigate });
    expect(stored()).toBeNull();
    handleSessionLost(401, { pathname: () => '/journal', search: () => '', navigate }); // credentials already gone
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(stored()).toBeNull();
  });

  it('the sign-in entry cannot be loaded: reported, and the move to the landing page still happens', async () => {
    const reported = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    provideSignInEntry(() => Promise.reject(new Error('chunk failed')));
    handleSessionLost(401, { pathname: () => '/journal', search: () => '', navigate });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(stored()).toBeNull();
    expect(reported).toHaveBeenCalledWith('[haven]', expect.any(Error), expect.objectContaining({ step: 'keep the page' }));
    reported.mockRestore();
  });
});
