import { contentSecurityPolicy, permissionsPolicy, securityHeaders } from '../scripts/lib/security-headers.mjs';
import { localRuntimeConfig } from '../scripts/lib/runtime-config.mjs';

const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((entry) => entry.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

/** The five remotes' origins in the local runtime config. */
const REMOTE_ORIGINS = [3001, 3002, 3003, 3004, 3005].map((port) => `http://localhost:${port}`);

describe('security headers from the runtime config', () => {
  const config = localRuntimeConfig({ stage: 'test' });
  const csp = contentSecurityPolicy(config);

  it('scripts only from self, the site and the remote origins the config names; never inline', () => {
    expect(directive(csp, 'script-src')).toEqual(["'self'", 'http://localhost:3000', ...REMOTE_ORIGINS]);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).not.toMatch(/'unsafe-eval'/);
  });

  it('connects to the api, the realtime database (http and ws) and the remotes', () => {
    expect(directive(csp, 'connect-src')).toEqual(
      expect.arrayContaining(['http://localhost:4000', 'http://localhost:4100', 'ws://localhost:4100', 'http://localhost:3001']),
    );
  });

  it('sign-in third parties (issue 18): Apple and Facebook SDKs in production with their ids only; the SSO base and providers', () => {
    const prod = { ...config, stage: 'production', appleClientId: 'care.haven.web', facebookAppId: '123', ssoBaseUrl: 'https://sso.example.com/v1', ssoProviderOrigins: ['https://login.contoso.com/tenant'] };
    const withIds = contentSecurityPolicy(prod);
    expect(directive(withIds, 'script-src')).toEqual(expect.arrayContaining(['https://appleid.cdn-apple.com', 'https://connect.facebook.net']));
    expect(directive(withIds, 'connect-src')).toEqual(
      expect.arrayContaining(['https://appleid.apple.com', 'https://graph.facebook.com', 'https://sso.example.com', 'https://login.contoso.com']),
    );
    expect(directive(withIds, 'frame-src')).toEqual(expect.arrayContaining(['https://www.facebook.com']));
    for (const name of ['script-src', 'connect-src']) {
      expect(directive(csp, name)?.join(' ')).not.toMatch(/apple|facebook/);
      expect(directive(contentSecurityPolicy({ ...prod, stage: 'test' }), name)?.join(' ')).not.toMatch(/apple|facebook/);
    }
    expect(directive(csp, 'frame-src')).toEqual(["'none'"]);
  });

  it('the service worker and the web app manifest come from this origin only (issue 18)', () => {
    expect(directive(csp, 'worker-src')).toEqual(["'self'"]);
    expect(directive(csp, 'manifest-src')).toEqual(["'self'"]);
  });

  it('stylesheets from self and the remote origins (each chunk stylesheet comes from its app), no other host', () => {
    expect(directive(csp, 'style-src')).toEqual(["'self'", "'unsafe-inline'", ...REMOTE_ORIGINS]);
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

  it('the session room (its address carries credentials until the page takes them out) sends no Referer', () => {
    expect(securityHeaders(config, { pathname: '/session-room/s1/payload/website', document: true })['Referrer-Policy']).toBe('no-referrer');
  });
});
