import { preloadLinks } from '../scripts/lib/preload-links.mjs';
import { localRuntimeConfig } from '../scripts/lib/runtime-config.mjs';

describe('the shell page names its route’s next loads (critical chain)', () => {
  const config = localRuntimeConfig({ stage: 'test' });
  const CONFIG = '</config.json>; rel=preload; as=fetch; crossorigin';
  const API = '<http://localhost:4000>; rel=preconnect; crossorigin';

  it.each([
    ['/auth/log-in/', 'http://localhost:3001/remoteEntry.js'],
    ['/', 'http://localhost:3003/remoteEntry.js'],
    ['/providers', 'http://localhost:3003/remoteEntry.js'],
    ['/dashboard', 'http://localhost:3002/remoteEntry.js'],
    ['/t-p/acme', 'http://localhost:3004/remoteEntry.js'],
    ['/session-room/abc', 'http://localhost:3005/remoteEntry.js'],
  ])('%s: the runtime config, the owning remote’s entry (a classic script) and the api connection', (path, entry) => {
    expect(preloadLinks(config, path)).toEqual([CONFIG, `<${entry}>; rel=preload; as=script`, API]);
  });

  it('a path no app owns: only the runtime config (the not-found page loads no remote)', () => {
    expect(preloadLinks(config, '/no-such-page')).toEqual([CONFIG]);
  });

  it('a remote configured by its manifest is preloaded by the entry the shell loads beside it', () => {
    const legacy = { ...config, remotes: { ...config.remotes, 'mfe-auth': 'https://cdn.example.com/auth/1.2.0/mf-manifest.json' } };
    expect(preloadLinks(legacy, '/auth/log-in/')[1]).toBe('<https://cdn.example.com/auth/1.2.0/remoteEntry.js>; rel=preload; as=script');
  });

  it('a route whose remote the config leaves out preloads no entry (the shell shows its error screen)', () => {
    const { 'mfe-partner': _left, ...remotes } = config.remotes;
    expect(preloadLinks({ ...config, remotes }, '/t-p/acme')).toEqual([CONFIG]);
  });
});
