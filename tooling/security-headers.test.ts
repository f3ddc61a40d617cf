import { contentSecurityPolicy, permissionsPolicy, securityHeaders } from '../scripts/lib/security-headers.mjs';
import { localRuntimeConfig } from '../scripts/lib/runtime-config.mjs';

const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((entry) => entry.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

describe('security headers from the runtime config', () => {
  const config = localRuntimeConfig({ stage: 'test' });
  const csp = contentSecurityPolicy(config);

  it('scripts only from self, the site and the remote origins the config names; never inline', () => {
    expect(directive(csp, 'script-src')).toEqual([
      "'self'",
      'http://localhost:3000',
      'http://localhost:3001',
      'http://localhost:3002',
      'http://localhost:3003',
      'http://localhost:3004',
      'http://localhost:3005',
    ]);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).not.toMatch(/'unsafe-eval'/);
  });

  it('connects to the api, the realtime database (http and ws) and the remotes', () => {
    expect(directive(csp, 'connect-src')).toEqual(
      expect.arrayContaining(['http://localhost:4000', 'http://localhost:4100', 'ws://localhost:4100', 'http://localhost:3001']),
    );
  });

  it('images from the asset host the config names (avatars, spec §5), and no other host', () => {
    expect(directive(csp, 'img-src')).toContain('http://localhost:4000');
    const cdn = directive(contentSecurityPolicy({ ...config, assetHost: 'https://assets.example.com' }), 'img-src');
    expect(cdn).toContain('https://assets.example.com');
    expect(cdn).not.toContain('http://localhost:4000');
    const { assetHost: _none, ...without } = config;
    expect(directive(contentSecurityPolicy(without), 'img-src')).not.toContain('http://localhost:4000');
  });

  it('nothing may frame the page', () => {
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
  });

  it('follows the config: a remote moved to a CDN, a Google client id, real Firebase', () => {
    const moved = contentSecurityPolicy({
      ...config,
      googleClientId: 'id.apps.googleusercontent.com',
      firebase: { apiKey: 'k', projectId: 'p' },
      remotes: { ...config.remotes, 'mfe-auth': 'https://cdn.example.com/mfe-auth/1.4.2/mf-manifest.json' },
    });
    expect(directive(moved, 'script-src')).toEqual(expect.arrayContaining(['https://cdn.example.com', 'https://accounts.google.com']));
    expect(directive(moved, 'script-src')).not.toContain('http://localhost:3001');
    expect(directive(moved, 'connect-src')).toEqual(expect.arrayContaining(['https://identitytoolkit.googleapis.com']));
  });

  it('the payment gateway\'s checkout only in production', () => {
    expect(csp).not.toMatch(/razorpay/);
    const production = contentSecurityPolicy({ ...config, stage: 'production' });
    expect(directive(production, 'script-src')).toContain('https://checkout.razorpay.com');
    expect(directive(production, 'frame-src')).toEqual(['https://checkout.razorpay.com', 'https://api.razorpay.com']);
    expect(directive(production, 'connect-src')).toContain('https://api.razorpay.com');
  });

  it('the growth SDKs\' hosts (flags, analytics, errors) only in production, only when configured', () => {
    const growth = { growthbookApiHost: 'https://flags.example.com', mixpanelToken: 't', sentryDsn: 'https://key@o1.ingest.example.io/42' };
    const production = directive(contentSecurityPolicy({ ...config, stage: 'production', growth }), 'connect-src');
    expect(production).toEqual(expect.arrayContaining(['https://flags.example.com', 'https://api-js.mixpanel.com', 'https://o1.ingest.example.io']));
    expect(production.join(' ')).not.toContain('key@');
    expect(directive(contentSecurityPolicy({ ...config, stage: 'production' }), 'connect-src')).not.toContain('https://api-js.mixpanel.com');
    expect(directive(contentSecurityPolicy({ ...config, growth }), 'connect-src')).not.toContain('https://flags.example.com');
  });

  it.each([
    ['/session-room/42/e30/website', 'camera=(self), microphone=(self)'],
    ['/dashboard', 'camera=(), microphone=()'],
    ['/', 'camera=(), microphone=()'],
  ])('camera and microphone on %s: %s', (pathname, expected) => {
    expect(permissionsPolicy(pathname)).toContain(expected);
  });

  it('documents get CSP and permissions policy; every response nosniff and the referrer policy', () => {
    const page = securityHeaders(config, { pathname: '/', document: true });
    expect(page).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Content-Security-Policy': csp,
    });
    const script = securityHeaders(config, { pathname: '/main.js', document: false });
    expect(script).toEqual({ 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'strict-origin-when-cross-origin' });
  });
});
