import { contentSecurityPolicy, permissionsPolicy, securityHeaders } from '../scripts/lib/security-headers.mjs';
import { localRuntimeConfig } from '../scripts/lib/runtime-config.mjs';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BOOT_STYLE, cspHash, styleElementsOf } from './inline-styles';
import { GATEWAY_SCRIPT } from '../shared/src/entries/payment-gateway/gateway-sdk';

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

  it('sign-in third parties: Apple and Facebook SDKs in production with their ids only; the SSO base and providers', () => {
    const prod = {
      ...config,
      stage: 'production',
      appleClientId: 'care.haven.web',
      facebookAppId: '123',
      ssoBaseUrl: 'https://sso.example.com/v1',
      ssoProviderOrigins: ['https://login.contoso.com/tenant'],
    };
    const withIds = contentSecurityPolicy(prod);
    expect(directive(withIds, 'script-src')).toEqual(
      expect.arrayContaining(['https://appleid.cdn-apple.com', 'https://connect.facebook.net']),
    );
    expect(directive(withIds, 'connect-src')).toEqual(
      expect.arrayContaining([
        'https://appleid.apple.com',
        'https://graph.facebook.com',
        'https://sso.example.com',
        'https://login.contoso.com',
      ]),
    );
    expect(directive(withIds, 'frame-src')).toEqual(expect.arrayContaining(['https://www.facebook.com']));
    for (const name of ['script-src', 'connect-src']) {
      expect(directive(csp, name)?.join(' ')).not.toMatch(/apple|facebook/);
      expect(directive(contentSecurityPolicy({ ...prod, stage: 'test' }), name)?.join(' ')).not.toMatch(/apple|facebook/);
    }
    expect(directive(csp, 'frame-src')).toEqual(["'none'"]);
  });

  it('the service worker and the web app manifest come from this origin only', () => {
    expect(directive(csp, 'worker-src')).toEqual(["'self'"]);
    expect(directive(csp, 'manifest-src')).toEqual(["'self'"]);
  });

  it('stylesheets from self and the remote origins (each chunk stylesheet comes from its app), no other host, never inline', () => {
    const styles = directive(csp, 'style-src') ?? [];
    expect(styles.filter((source) => !source.startsWith("'sha256-"))).toEqual(["'self'", ...REMOTE_ORIGINS]);
    expect(csp).not.toMatch(/'unsafe-inline'|'unsafe-hashes'/);
  });

  it('the inline styles the pages carry (first-paint frame, offline page) are allowed by their hashes, and nothing else inline', () => {
    const read = (file: string) => readFileSync(path.join(__dirname, '..', file), 'utf8');
    const template = read('tooling/index.html');
    // The template's one <style> is the boot stylesheet, inlined at build time.
    expect(styleElementsOf(template)).toEqual(['<%= htmlWebpackPlugin.options.bootStyle %>']);
    const inline = [BOOT_STYLE, ...styleElementsOf(read('shell/public/offline.html'))];
    expect(inline.length).toBeGreaterThan(1);
    expect(directive(csp, 'style-src')?.filter((source) => source.startsWith("'sha256-"))).toEqual(inline.map(cspHash));
    for (const file of ['tooling/index.html', 'shell/public/offline.html']) expect(read(file)).not.toMatch(/\sstyle=/i);
  });

  it('a hash names exactly one text: the CSP value of the text the browser hashes (SHA-256, base64)', () => {
    // The CSP spec's own example: the inline script alert('Hello, world.'); hashed over its text only.
    expect(cspHash("alert('Hello, world.');")).toBe("'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='");
    expect(styleElementsOf('<style>a{}</style><p style="x"></p><style media="print">b{}</style>')).toEqual(['a{}', 'b{}']);
  });

  it('images from the asset host the config names (avatars, product rules, Validation), and no other host', () => {
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

  it("the payment gateway's checkout only in production", () => {
    expect(csp).not.toMatch(/razorpay/);
    const production = contentSecurityPolicy({ ...config, stage: 'production' });
    expect(directive(production, 'script-src')).toContain('https://checkout.razorpay.com');
    expect(directive(production, 'frame-src')).toEqual(['https://checkout.razorpay.com', 'https://api.razorpay.com']);
    expect(directive(production, 'connect-src')).toContain('https://api.razorpay.com');
  });

  // The room pays an extension through the same checkout: its page in the shell and its standalone page
  // (the apps' webviews open the room alone) carry the same allowance, in production only.
  it.each(['/session-room/42/e30/website', '/'])("the checkout's script on %s in production only", (pathname) => {
    const scripts = (stage: string) =>
      directive(securityHeaders({ ...config, stage }, { pathname, document: true })['Content-Security-Policy'] ?? '', 'script-src');
    expect(scripts('production')).toContain(new URL(GATEWAY_SCRIPT).origin);
    expect(scripts('test')).not.toContain(new URL(GATEWAY_SCRIPT).origin);
  });

  it("the growth SDKs' hosts (flags, analytics, errors) only in production, only when configured", () => {
    const growth = { growthbookApiHost: 'https://flags.example.com', mixpanelToken: 't', sentryDsn: 'https://key@o1.ingest.example.io/42' };
    const production = directive(contentSecurityPolicy({ ...config, stage: 'production', growth }), 'connect-src');
    expect(production).toEqual(
      expect.arrayContaining(['https://flags.example.com', 'https://api-js.mixpanel.com', 'https://o1.ingest.example.io']),
    );
    expect(production.join(' ')).not.toContain('key@');
    expect(directive(contentSecurityPolicy({ ...config, stage: 'production' }), 'connect-src')).not.toContain(
      'https://api-js.mixpanel.com',
    );
    expect(directive(contentSecurityPolicy({ ...config, growth }), 'connect-src')).not.toContain('https://flags.example.com');
  });

  it("the engagement tool's host only in production, only when configured, and never as a script source", () => {
    const growth = { engagement: { accountId: 'TEST-ACC-1', region: 'in1' } };
    const production = contentSecurityPolicy({ ...config, stage: 'production', growth });
    expect(directive(production, 'connect-src')).toContain('https://in1.clevertap-prod.com');
    // Its SDK sends with fetch: no third-party script is allowed for it.
    expect(directive(production, 'script-src').join(' ')).not.toContain('clevertap');
    expect(contentSecurityPolicy({ ...config, stage: 'production', growth: { mixpanelToken: 't' } })).not.toContain('clevertap');
    expect(contentSecurityPolicy({ ...config, growth })).not.toContain('clevertap');
    // A region that is not one host label adds nothing (the client refuses it too).
    const injected = { engagement: { accountId: 'A', region: 'in1.clevertap-prod.com https://evil.example; script-src *' } };
    expect(contentSecurityPolicy({ ...config, stage: 'production', growth: injected })).not.toMatch(/clevertap|evil/);
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
    expect(page['X-Frame-Options']).toBe('DENY');
    const script = securityHeaders(config, { pathname: '/main.js', document: false });
    expect(script).toEqual({ 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'strict-origin-when-cross-origin' });
  });

  it('a site served over https is https-only (HSTS) on every response; a local http site never sends it', () => {
    const https = { ...config, stage: 'production', siteBaseUrl: 'https://haven.example' };
    for (const document of [true, false]) {
      expect(securityHeaders(https, { pathname: '/', document })['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains');
      expect(securityHeaders(config, { pathname: '/', document })).not.toHaveProperty('Strict-Transport-Security');
    }
  });

  it('the session room (its address carries credentials until the page takes them out) sends no Referer', () => {
    expect(securityHeaders(config, { pathname: '/session-room/s1/payload/website', document: true })['Referrer-Policy']).toBe(
      'no-referrer',
    );
  });
});
