// Security headers every page of the platform is served with, generated from the runtime config
// (README "Security headers" lists them for CDN deployments). Pure functions: the static server uses
// them, tooling/security-headers.test.ts checks them.
import { inlineStyleHashes } from '../../tooling/inline-styles.js';

/** The page's own inline styles (the first-paint frame, the offline page), allowed by hash only. */
const INLINE_STYLES = inlineStyleHashes();

const originOf = (url) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};
/** The WebSocket origin beside an http(s) origin (the realtime database talks both). */
const websocketOf = (origin) => origin.replace(/^http/, 'ws');
const unique = (values) => [...new Set(values.filter(Boolean))];

/**
 * The sign-in third parties (Apple, Facebook, employer SSO), each only where it loads: Apple's and Facebook's JS SDKs in
 * production with their client ids; the SSO base and the employer identity providers the browser talks
 * to for discovery and the code exchange (`ssoProviderOrigins`, a list read by this generator only).
 */
export function signInSources(config) {
  const production = config.stage === 'production';
  const apple = production && config.appleClientId;
  const facebook = production && config.facebookAppId;
  return {
    scripts: [apple && 'https://appleid.cdn-apple.com', facebook && 'https://connect.facebook.net'].filter(Boolean),
    connect: unique([
      apple && 'https://appleid.apple.com',
      facebook && 'https://www.facebook.com',
      facebook && 'https://graph.facebook.com',
      originOf(config.ssoBaseUrl),
      ...(Array.isArray(config.ssoProviderOrigins) ? config.ssoProviderOrigins.map(originOf) : []),
    ]),
    frames: facebook ? ['https://www.facebook.com', 'https://staticxx.facebook.com'] : [],
  };
}

/** The engagement tool's host (CleverTap, docs/growth.md): its SDK sends with fetch to `<region>.clevertap-prod.com`. */
const ENGAGEMENT_REGION = /^[a-z]{2,5}[0-9]{1,2}$/;
function engagementOrigin(engagement) {
  // The region is checked here too: it becomes part of a header, so nothing else may pass (the client
  // refuses such an entry as well, engagementConfigOf).
  return engagement?.accountId && ENGAGEMENT_REGION.test(engagement.region ?? '')
    ? `https://${engagement.region}.clevertap-prod.com`
    : null;
}

/**
 * Content-Security-Policy: scripts only from this origin and the remote origins the config names (no
 * inline script), connections to the api, the realtime database and the remotes (manifests), styles
 * from this origin and the remotes (each chunk's stylesheet comes from its app's origin) plus the
 * page's own inline styles by their hashes (never 'unsafe-inline': an injected style attribute or
 * <style> cannot restyle the page to spoof it or read it through selectors), nothing may frame the page.
 */
export function contentSecurityPolicy(config) {
  const remotes = unique(Object.values(config.remotes ?? {}).map(originOf));
  const site = originOf(config.siteBaseUrl);
  const api = originOf(config.apiBaseUrl);
  const realtime = originOf(config.realtimeDatabaseUrl);
  const authEmulator = originOf(config.firebase?.authEmulatorUrl);
  // Without an emulator the client talks to Firebase Auth itself.
  const firebaseAuth = authEmulator ? [authEmulator] : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
  const google = config.googleClientId ? ['https://accounts.google.com'] : [];
  // The payment gateway's checkout (@haven/shared/payment-gateway: the booking's payment step, the room's
  // paid extension, the room's standalone page in the apps' webviews too) loads only in production.
  const gateway = config.stage === 'production' ? ['https://checkout.razorpay.com', 'https://api.razorpay.com'] : [];
  // The growth SDKs (bundled, lazy) send to their own hosts in production only (docs/growth.md);
  // elsewhere the api stands in for them.
  const growth =
    config.stage === 'production' && config.growth
      ? [
          originOf(config.growth.growthbookApiHost),
          config.growth.mixpanelToken ? 'https://api-js.mixpanel.com' : null,
          originOf(config.growth.sentryDsn),
          engagementOrigin(config.growth.engagement),
        ]
      : [];
  const signIn = signInSources(config);
  const scripts = unique(["'self'", site, ...remotes, ...google, ...gateway.slice(0, 1), ...signIn.scripts]);
  const directives = {
    'default-src': ["'self'"],
    'script-src': scripts,
    'style-src': unique(["'self'", ...INLINE_STYLES, ...remotes, ...google]),
    'img-src': unique(["'self'", 'data:', site, ...remotes, originOf(config.assetHost)]),
    'font-src': ["'self'", 'data:'],
    'connect-src': unique([
      "'self'",
      site,
      api,
      realtime,
      realtime && websocketOf(realtime),
      ...firebaseAuth,
      ...remotes,
      ...google,
      ...gateway,
      ...growth,
      ...signIn.connect,
    ]),
    // The shell's service worker and web app manifest (docs/pwa.md): this origin only.
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-src': google.length || gateway.length || signIn.frames.length ? unique([...google, ...gateway, ...signIn.frames]) : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Camera and microphone only where the session room runs; nothing else the platform does not use. */
export function permissionsPolicy(pathname) {
  const media = pathname.startsWith('/session-room') ? '(self)' : '()';
  return `camera=${media}, microphone=${media}, geolocation=(), payment=(), usb=()`;
}

/** Two years, the preload lists' minimum: once a browser has seen the site over https it never tries http. */
const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * Headers for every response; a document (HTML) also gets the CSP, the permissions policy and the old
 * browsers' framing refusal. A site served over https (production) is https-only (HSTS); a local http
 * one must not send it (browsers would then refuse http://localhost for every other project).
 */
export function securityHeaders(config, { pathname, document }) {
  const headers = {
    'X-Content-Type-Options': 'nosniff',
    // The session room's address carries a patient's credentials until the page takes them out: its
    // document and everything it loads send no Referer at all.
    'Referrer-Policy': pathname.startsWith('/session-room') ? 'no-referrer' : 'strict-origin-when-cross-origin',
  };
  if (originOf(config.siteBaseUrl)?.startsWith('https:')) headers['Strict-Transport-Security'] = HSTS;
  if (document) {
    headers['Content-Security-Policy'] = contentSecurityPolicy(config);
    headers['Permissions-Policy'] = permissionsPolicy(pathname);
    headers['X-Frame-Options'] = 'DENY';
  }
  return headers;
}
