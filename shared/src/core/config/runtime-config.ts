// The runtime config (`/config.json`, docs/contracts.md): one build runs in every environment, so the
// API base, realtime database, stage and remote addresses are read at start-up, never compiled in.

export type Stage = 'development' | 'test' | 'production';

export interface FirebaseConfig {
  apiKey: string;
  projectId: string;
  /** Present only off production: the local Firebase Auth emulator endpoint. */
  authEmulatorUrl?: string;
}

export interface RuntimeConfig {
  stage: Stage;
  siteBaseUrl: string;
  apiBaseUrl: string;
  realtimeDatabaseUrl: string;
  firebase: FirebaseConfig;
  partnerIntegrationsHost: string;
  /** The web release this deployment serves (kept as appVersion in the realtime user record); none: null there. */
  appVersion?: string;
  /** Google Identity Services client id (production); without it Google sign-in uses the api's development issuer. */
  googleClientId?: string;
  /** Sign in with Apple Services ID (production); without it Apple sign-in uses the api's development issuer. */
  appleClientId?: string;
  /** Facebook app id (production); without it Facebook sign-in uses the api's development issuer. */
  facebookAppId?: string;
  /** The separate base of employer SSO (product rules, Calls to the api); default: the api's origin + /sso/v1 (see ssoBaseUrlOf). */
  ssoBaseUrl?: string;
  /** Remote name -> its `remoteEntry.js` URL (an `mf-manifest.json` URL means the `remoteEntry.js` beside it). */
  remotes: Record<string, string>;
  /** Third parties of the growth code (production); off production the api stands in for them. */
  growth?: GrowthConfig;
  /** STUN/TURN servers for the session room's WebRTC call (docs/session-room.md); none: direct connections only. */
  iceServers?: IceServer[];
  /**
   * Which ICE candidates the call may use: 'all' (default) or 'relay', only TURN relays, so neither side
   * learns the other's network addresses (strict privacy; a call connects only through a relay).
   */
  iceTransportPolicy?: IceTransportPolicy;
  /** Support contacts (product rules, Constants) shown on /help and in the page footer; none: the help page says how else to reach us. */
  support?: SupportContacts;
  /** App-store pages of the native apps, for the web-to-app nudge. */
  appStores?: AppStoreLinks;
  /** Origin of the asset host whose avatar folder holds profile photos (product rules, Validation); none: only drawn avatars. */
  assetHost?: string;
}

/** Product rules, Constants: support mailbox, WhatsApp and phone numbers (E.164). */
export interface SupportContacts {
  email?: string;
  whatsapp?: string;
  phone?: string;
  /**
   * The contacts of a country (ISO 3166-1 alpha-2 code -> its own e-mail, WhatsApp or phone), shown to a
   * person located there in place of the ones above: a patient in India is not given a UK number to call.
   */
  byCountry?: Record<string, SupportLines>;
}

/** One country's support contacts. */
export type SupportLines = Pick<SupportContacts, 'email' | 'whatsapp' | 'phone'>;

export interface AppStoreLinks {
  android?: string;
  ios?: string;
}

export type IceTransportPolicy = 'all' | 'relay';
const ICE_TRANSPORT_POLICIES: readonly IceTransportPolicy[] = ['all', 'relay'];

/** One RTCIceServer entry (a STUN or TURN address; TURN with its credentials). */
export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

export interface GrowthConfig {
  /** GrowthBook API host and client key (default off production: `${apiBaseUrl}/growthbook`, `sdk-haven-local`). */
  growthbookApiHost?: string;
  growthbookClientKey?: string;
  /** The analytics library's project token (production only). */
  mixpanelToken?: string;
  /** The error-reporting SDK's DSN (production only). */
  sentryDsn?: string;
  /**
   * The engagement tool (CleverTap) of this deployment (production only): `{ accountId, region }`, read
   * where the tool starts (engagementConfigOf), after the first paint; none: nothing goes to an engagement tool.
   */
  engagement?: Record<string, unknown>;
}

const GROWTH_KEYS = ['growthbookApiHost', 'growthbookClientKey', 'mixpanelToken', 'sentryDsn'] as const;

const OPTIONAL_TEXT = ['googleClientId', 'appleClientId', 'facebookAppId', 'ssoBaseUrl', 'appVersion'] as const;

/** Where employer SSO calls go: the configured base, else the api's origin + /sso/v1. */
export function ssoBaseUrlOf(config: Pick<RuntimeConfig, 'apiBaseUrl' | 'ssoBaseUrl'>): string {
  return config.ssoBaseUrl ?? `${new URL(config.apiBaseUrl).origin}/sso/v1`;
}

const STAGES: readonly Stage[] = ['development', 'test', 'production'];

let current: RuntimeConfig | null = null;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks the shape and returns a typed copy; throws one error listing every problem. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (!isRecord(value)) throw new Error('Invalid runtime config: expected a JSON object');
  const problems: string[] = [];
  const str = (obj: Record<string, unknown>, key: string, where = '') => {
    if (typeof obj[key] !== 'string' || obj[key] === '') problems.push(`${where}${key} must be a non-empty string`);
  };
  if (!STAGES.includes(value.stage as Stage)) problems.push(`stage must be one of ${STAGES.join(', ')}`);
  for (const key of ['siteBaseUrl', 'apiBaseUrl', 'realtimeDatabaseUrl', 'partnerIntegrationsHost']) str(value, key);
  for (const key of OPTIONAL_TEXT) if (value[key] !== undefined) str(value, key);
  if (value.assetHost !== undefined && !isHttpOrigin(value.assetHost)) problems.push('assetHost must be an http(s) origin (no path)');
  const firebase = value.firebase;
  if (!isRecord(firebase)) problems.push('firebase must be an object');
  else {
    str(firebase, 'apiKey', 'firebase.');
    str(firebase, 'projectId', 'firebase.');
    if (firebase.authEmulatorUrl !== undefined) str(firebase, 'authEmulatorUrl', 'firebase.');
  }
  const growth = value.growth;
  if (growth !== undefined && !isRecord(growth)) problems.push('growth must be an object');
  else if (growth) for (const key of GROWTH_KEYS) if (growth[key] !== undefined) str(growth, key, 'growth.');
  const remotes = value.remotes;
  if (!isRecord(remotes)) problems.push('remotes must be an object');
  else for (const key of Object.keys(remotes)) str(remotes, key, 'remotes.');
  const iceServers = value.iceServers;
  if (iceServers !== undefined && !(Array.isArray(iceServers) && iceServers.every(isIceServer))) {
    problems.push('iceServers must be a list of { urls, username?, credential? } with stun:, turn: or turns: addresses');
  }
  const policy = value.iceTransportPolicy;
  if (policy !== undefined && !ICE_TRANSPORT_POLICIES.includes(policy as IceTransportPolicy)) {
    problems.push(`iceTransportPolicy must be one of ${ICE_TRANSPORT_POLICIES.join(', ')}`);
  }
  problems.push(...contactProblems(value.support, value.appStores));
  if (problems.length > 0) throw new Error(`Invalid runtime config: ${problems.join('; ')}`);

  const fb = firebase as Record<string, string>;
  return {
    stage: value.stage as Stage,
    siteBaseUrl: value.siteBaseUrl as string,
    apiBaseUrl: value.apiBaseUrl as string,
    realtimeDatabaseUrl: value.realtimeDatabaseUrl as string,
    firebase: {
      apiKey: fb.apiKey as string,
      projectId: fb.projectId as string,
      ...(fb.authEmulatorUrl !== undefined ? { authEmulatorUrl: fb.authEmulatorUrl } : {}),
    },
    partnerIntegrationsHost: value.partnerIntegrationsHost as string,
    ...Object.fromEntries(OPTIONAL_TEXT.filter((key) => typeof value[key] === 'string').map((key) => [key, value[key]])),
    ...(typeof value.assetHost === 'string' ? { assetHost: value.assetHost } : {}),
    remotes: { ...(remotes as Record<string, string>) },
    ...(isRecord(growth)
      ? {
          growth: {
            ...(Object.fromEntries(GROWTH_KEYS.filter((k) => typeof growth[k] === 'string').map((k) => [k, growth[k]])) as GrowthConfig),
            ...(isRecord(growth.engagement) ? { engagement: { ...growth.engagement } } : {}),
          },
        }
      : {}),
    ...(Array.isArray(iceServers) ? { iceServers: (iceServers as IceServer[]).map((server) => ({ ...server })) } : {}),
    ...(policy !== undefined ? { iceTransportPolicy: policy as IceTransportPolicy } : {}),
    ...(isRecord(value.support) ? { support: pickSupport(value.support) } : {}),
    ...(isRecord(value.appStores) ? { appStores: pick(value.appStores, STORE_KEYS) } : {}),
  };
}

const SUPPORT_KEYS = ['email', 'whatsapp', 'phone'] as const;
const STORE_KEYS = ['android', 'ios'] as const;
const E164 = /^\+[1-9][0-9]{6,14}$/;
const CONTACT_RULES: Record<(typeof SUPPORT_KEYS)[number], [RegExp, string]> = {
  email: [/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'an e-mail address'],
  whatsapp: [E164, 'an E.164 number (+ and digits)'],
  phone: [E164, 'an E.164 number (+ and digits)'],
};

function pick<K extends string>(record: Record<string, unknown>, keys: readonly K[]): Partial<Record<K, string>> {
  return Object.fromEntries(keys.filter((k) => typeof record[k] === 'string').map((k) => [k, record[k]])) as Partial<Record<K, string>>;
}

/** support: each contact in its form; appStores: http(s) addresses. Unknown keys are ignored. */
function pickSupport(support: Record<string, unknown>): SupportContacts {
  const byCountry = isRecord(support.byCountry)
    ? Object.fromEntries(
        Object.entries(support.byCountry).flatMap(([code, lines]) =>
          isRecord(lines) ? [[code.toUpperCase(), pick(lines, SUPPORT_KEYS)]] : [],
        ),
      )
    : undefined;
  return { ...pick(support, SUPPORT_KEYS), ...(byCountry ? { byCountry } : {}) };
}

const COUNTRY_CODE = /^[A-Za-z]{2}$/;

function contactProblems(support: unknown, appStores: unknown): string[] {
  const problems: string[] = [];
  if (support !== undefined && !isRecord(support)) problems.push('support must be an object');
  else if (support) {
    const byCountry = support.byCountry;
    if (byCountry !== undefined && !isRecord(byCountry)) problems.push('support.byCountry must be an object of country codes');
    else if (byCountry)
      for (const [code, lines] of Object.entries(byCountry)) {
        if (!COUNTRY_CODE.test(code)) problems.push(`support.byCountry.${code}: the key must be a two-letter country code`);
        if (!isRecord(lines)) problems.push(`support.byCountry.${code} must be an object`);
        else problems.push(...contactProblems(lines, undefined).map((p) => p.replace(/^support\./, `support.byCountry.${code}.`)));
      }
    for (const key of SUPPORT_KEYS) {
      const [rule, what] = CONTACT_RULES[key];
      if (support[key] !== undefined && !(typeof support[key] === 'string' && rule.test(support[key])))
        problems.push(`support.${key} must be ${what}`);
    }
  }
  if (appStores !== undefined && !isRecord(appStores)) problems.push('appStores must be an object');
  else if (appStores) {
    for (const key of STORE_KEYS) {
      if (appStores[key] !== undefined && !(typeof appStores[key] === 'string' && /^https?:\/\//.test(appStores[key])))
        problems.push(`appStores.${key} must be an http(s) address`);
    }
  }
  return problems;
}

function isHttpOrigin(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const u = new URL(value);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}

const ICE_URL = /^(stun|turn|turns):/;
function isIceServer(value: unknown): value is IceServer {
  if (!isRecord(value)) return false;
  const urls = Array.isArray(value.urls) ? value.urls : [value.urls];
  const text = (v: unknown) => v === undefined || typeof v === 'string';
  return (
    urls.length > 0 && urls.every((url) => typeof url === 'string' && ICE_URL.test(url)) && text(value.username) && text(value.credential)
  );
}

/** Fetches, validates and keeps the config. `no-store`: a rolled-back remote URL must apply on the next load. */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`Could not load runtime config from ${url}: HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new Error(`Invalid runtime config at ${url}: not JSON`);
  }
  current = parseRuntimeConfig(body);
  return current;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime config not loaded: call loadRuntimeConfig() (or setRuntimeConfig() in tests) first');
  return current;
}

/** For tests and standalone pages; `null` forgets the config. */
export function setRuntimeConfig(config: RuntimeConfig | null): void {
  current = config === null ? null : parseRuntimeConfig(config);
}

export function isRuntimeConfigLoaded(): boolean {
  return current !== null;
}

/** False until a config is loaded: real reporters and analytics must never start by accident. */
export function isProduction(): boolean {
  return current?.stage === 'production';
}
