import { credentialsFor } from './enter-room';

const payload = { 'access-token': 'from-link', client: 'device-1', uid: 'priya@haven.test', expiry: '100' };

test.each([
  ['nothing stored: the link', null, 'from-link'],
  ['the same device stored a rotated token (a reload of the room): the stored one', { ...payload, 'access-token': 'rotated' }, 'rotated'],
  ['another device stored', { ...payload, client: 'device-2', 'access-token': 'other' }, 'from-link'],
  ['another person stored', { ...payload, uid: 'someone@haven.test', 'access-token': 'other' }, 'from-link'],
])('%s', (_case, stored, token) => {
  expect(credentialsFor(payload, stored)['access-token']).toBe(token);
});
