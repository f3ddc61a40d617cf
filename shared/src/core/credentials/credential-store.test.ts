import {
  CREDENTIALS_STORAGE_KEY,
  clearCredentials,
  credentialsFromHeaders,
  getCredentials,
  resetCredentialStoreForTests,
  setCredentials,
  subscribeCredentials,
  type Credentials,
} from './credential-store';

const creds: Credentials = { 'access-token': 'tok-1', expiry: '1900000000', uid: 'a@b.test', client: 'c-1' };

let consoleError: jest.SpyInstance;
beforeEach(() => {
  localStorage.clear();
  resetCredentialStoreForTests();
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

test('set keeps the record in memory and under @Token:', () => {
  setCredentials(creds);
  expect(getCredentials()).toEqual(creds);
  expect(JSON.parse(localStorage.getItem('@Token:') ?? 'null')).toEqual(creds);
  expect(CREDENTIALS_STORAGE_KEY).toBe('@Token:');
});

test('reads a stored record on first use (page reload)', () => {
  localStorage.setItem('@Token:', JSON.stringify({ ...creds, 'x-company-profile-uuid': 'u-1' }));
  expect(getCredentials()).toEqual({ ...creds, 'x-company-profile-uuid': 'u-1' });
});

test('corrupt JSON or an incomplete record is treated as none and reported, not thrown', () => {
  localStorage.setItem('@Token:', '{not json');
  expect(getCredentials()).toBeNull();
  expect(consoleError).toHaveBeenCalled();
  resetCredentialStoreForTests();
  localStorage.setItem('@Token:', JSON.stringify({ 'access-token': 'x' }));
  expect(getCredentials()).toBeNull();
});

test('clear removes memory and storage and notifies subscribers', () => {
  const listener = jest.fn();
  setCredentials(creds);
  const unsubscribe = subscribeCredentials(listener);
  clearCredentials();
  expect(getCredentials()).toBeNull();
  expect(localStorage.getItem('@Token:')).toBeNull();
  expect(listener).toHaveBeenLastCalledWith(null);
  unsubscribe();
  setCredentials(creds);
  expect(listener).toHaveBeenCalledTimes(1);
});

test('another tab rotating or clearing the token is picked up through the storage event', () => {
  setCredentials(creds);
  const listener = jest.fn();
  subscribeCredentials(listener);
  const rotated = { ...creds, 'access-token': 'tok-2' };
  localStorage.setItem('@Token:', JSON.stringify(rotated)); // as written by the other tab
  window.dispatchEvent(new StorageEvent('storage', { key: '@Token:' }));
  expect(getCredentials()).toEqual(rotated);
  expect(listener).toHaveBeenLastCalledWith(rotated);

  window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated' }));
  expect(listener).toHaveBeenCalledTimes(1);

  localStorage.clear();
  window.dispatchEvent(new StorageEvent('storage', { key: null }));
  expect(getCredentials()).toBeNull();
});

test.each([
  [
    'all four headers',
    { 'access-token': 't', expiry: '1', uid: 'u', client: 'c' },
    { 'access-token': 't', expiry: '1', uid: 'u', client: 'c' },
  ],
  [
    'mixed-case names and company profile',
    { 'Access-Token': 't', Expiry: 1, UID: 'u', client: 'c', 'x-company-profile-name': 'Acme' },
    { 'access-token': 't', expiry: '1', uid: 'u', client: 'c', 'x-company-profile-name': 'Acme' },
  ],
  ['no client', { 'access-token': 't', expiry: '1', uid: 'u' }, null],
  ['empty access-token', { 'access-token': '', expiry: '1', uid: 'u', client: 'c' }, null],
  ['no headers', {}, null],
  ['not an object', undefined, null],
])('credentialsFromHeaders: %s', (_name, headers, expected) => {
  expect(credentialsFromHeaders(headers)).toEqual(expected);
});
