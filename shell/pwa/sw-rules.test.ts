// The service worker's rules: what it caches, what it never answers from a cache.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- sw-rules.js is a classic script (the worker is not bundled)
const rules = require('./sw-rules.js') as {
  requestKind(
    request: { url: string; method: string; mode: string },
    context: { origin: string; remoteOrigins: string[]; apiOrigins: string[] },
  ): string;
  manifestUrlFor(entry: string): string;
  remoteAssetUrls(manifest: unknown, manifestUrl: string): string[];
  configOrigins(config: unknown): { remoteOrigins: string[]; apiOrigins: string[] };
};

const context = {
  origin: 'http://localhost:3000',
  remoteOrigins: ['http://localhost:3001', 'https://cdn.example.com'],
  apiOrigins: ['http://localhost:4000', 'http://localhost:4100'],
};
const get = (url: string, mode = 'no-cors') => ({ url, method: 'GET', mode });

describe('requestKind', () => {
  it.each([
    ['a page of the site', get('http://localhost:3000/dashboard', 'navigate'), 'navigate'],
    ['a page elsewhere', get('https://other.example.com/', 'navigate'), 'pass'],
    ['a hashed shell chunk', get('http://localhost:3000/225.34bb32768b.js'), 'immutable'],
    ['a hashed remote chunk', get('http://localhost:3001/__federation_expose_app.979e540f1f.js'), 'immutable'],
    ['a hashed chunk of a remote on a CDN', get('https://cdn.example.com/mfe-auth/1.4.2/271.f60bdb12a6.js'), 'immutable'],
    ['a hashed file of an unknown origin', get('https://evil.example.com/271.f60bdb12a6.js'), 'pass'],
    ['the runtime config', get('http://localhost:3000/config.json', 'cors'), 'pass'],
    ['a remote entry (new release on the next load)', get('http://localhost:3001/remoteEntry.js'), 'pass'],
    ['a remote manifest', get('https://cdn.example.com/mfe-auth/1.4.2/mf-manifest.json', 'cors'), 'pass'],
    ['the shell entry (not hashed)', get('http://localhost:3000/main.js'), 'pass'],
    ['an api answer', get('http://localhost:4000/api/v1/customers/upcomingsessions', 'cors'), 'pass'],
    ['an api path on the site origin', get('http://localhost:3000/api/v1/x.0123456789.js', 'cors'), 'pass'],
    ['the realtime database', get('http://localhost:4100/.lp?start=t', 'cors'), 'pass'],
    ['a POST', { url: 'http://localhost:3000/225.34bb32768b.js', method: 'POST', mode: 'cors' }, 'pass'],
  ])('%s -> %s', (_name, request, kind) => {
    expect(rules.requestKind(request, context)).toBe(kind);
  });
});

describe('manifestUrlFor', () => {
  it.each([
    ['http://localhost:3001/remoteEntry.js', 'http://localhost:3001/mf-manifest.json'],
    ['https://cdn.example.com/mfe-auth/1.4.2/mf-manifest.json', 'https://cdn.example.com/mfe-auth/1.4.2/mf-manifest.json'],
    ['https://cdn.example.com/mfe-auth/1.4.2/remoteEntry.js?v=2', 'https://cdn.example.com/mfe-auth/1.4.2/mf-manifest.json'],
  ])('%s -> %s', (entry, manifest) => expect(rules.manifestUrlFor(entry)).toBe(manifest));
});

describe('remoteAssetUrls', () => {
  it('lists every exposed file once, resolved against the manifest', () => {
    const manifest = {
      exposes: [
        {
          assets: {
            js: { sync: ['271.f60bdb12a6.js', '__federation_expose_app.979e540f1f.js'], async: ['273.3131c558df.js', '271.f60bdb12a6.js'] },
            css: { sync: [], async: ['x.0123456789.css'] },
          },
        },
      ],
      shared: [{ assets: { js: { sync: ['949.dc58939014.js'], async: [] } } }],
    };
    expect(rules.remoteAssetUrls(manifest, 'https://cdn.example.com/mfe-auth/1.4.2/mf-manifest.json')).toEqual([
      'https://cdn.example.com/mfe-auth/1.4.2/271.f60bdb12a6.js',
      'https://cdn.example.com/mfe-auth/1.4.2/__federation_expose_app.979e540f1f.js',
      'https://cdn.example.com/mfe-auth/1.4.2/273.3131c558df.js',
      'https://cdn.example.com/mfe-auth/1.4.2/x.0123456789.css',
    ]);
  });
  it.each([[null], [{}], [{ exposes: [{}] }]])('nothing from %p', (manifest) =>
    expect(rules.remoteAssetUrls(manifest, 'http://x/mf-manifest.json')).toEqual([]),
  );
});

describe('configOrigins', () => {
  it('reads the remote, api and realtime origins', () => {
    expect(
      rules.configOrigins({
        apiBaseUrl: 'http://localhost:4000/api/v1',
        realtimeDatabaseUrl: 'http://localhost:4100?ns=haven-local',
        remotes: { a: 'http://localhost:3001/remoteEntry.js', b: 'http://localhost:3001/other.js', c: 'not a url' },
      }),
    ).toEqual({ remoteOrigins: ['http://localhost:3001'], apiOrigins: ['http://localhost:4000', 'http://localhost:4100'] });
  });
});
