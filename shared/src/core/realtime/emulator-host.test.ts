import { emulatorHostFromUrl } from './emulator-host';

test.each([
  ['http://localhost:4100?ns=haven-local', { host: 'localhost', port: 4100 }],
  ['http://127.0.0.1:4100/?ns=haven-local', { host: '127.0.0.1', port: 4100 }],
  ['ws://localhost:4100?ns=x', { host: 'localhost', port: 4100 }],
  ['http://db.local?ns=x', { host: 'db.local', port: 80 }],
  ['https://haven-prod.firebaseio.com', { host: 'haven-prod.firebaseio.com', port: 443 }],
  ['http://[::1]:4100?ns=x', { host: '::1', port: 4100 }],
  ['not a url', null],
  ['ftp://localhost:21', null],
  ['', null],
])('%s', (url, expected) => {
  expect(emulatorHostFromUrl(url)).toEqual(expected);
});
