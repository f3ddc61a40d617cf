import { remoteEntryUrl } from './remote-entry';

describe('remoteEntryUrl', () => {
  it.each([
    ['http://localhost:3001/remoteEntry.js', 'http://localhost:3001/remoteEntry.js'],
    ['http://localhost:3001/mf-manifest.json', 'http://localhost:3001/remoteEntry.js'],
    ['https://cdn.example.com/mfe-auth/1.4.2/mf-manifest.json', 'https://cdn.example.com/mfe-auth/1.4.2/remoteEntry.js'],
    ['https://cdn.example.com/mfe-auth/1.4.2/remoteEntry.js?v=3', 'https://cdn.example.com/mfe-auth/1.4.2/remoteEntry.js?v=3'],
    ['/mfe-auth/mf-manifest.json', 'http://localhost/mfe-auth/remoteEntry.js'],
  ])('%s -> %s', (configured, expected) => {
    expect(remoteEntryUrl(configured)).toBe(expected);
  });
});
