// Stage and secrets, fail-closed: development powers (dev routes, published development secrets, the
// automatic demo seed, localhost CORS) exist only when the stage is explicitly `development` or `test`.
// Any other value, a typo or nothing at all is production, and production refuses to start on a
// missing, short or published secret.

export type Stage = 'development' | 'test' | 'production';

/** Published in this repository: never acceptable outside development and test. */
export const DEV_SECRET = 'haven-local-development-secret-do-not-use-in-production';
export const DEV_FIREBASE_SECRET = `${DEV_SECRET}:firebase`;
const PUBLISHED_SECRETS = new Set([DEV_SECRET, DEV_FIREBASE_SECRET, 's', 'x', 'f', 'secret', 'changeme', 'local-dev-key']);
export const MIN_SECRET_LENGTH = 32;

export interface RuntimeConfig {
  stage: Stage;
  /** The raw value asked for (undefined when nothing was set), for the start-up banner. */
  requestedStage: string | undefined;
  isProduction: boolean;
  secret: string;
  firebaseSecret: string;
  firebaseProjectId: string;
  /** Origins allowed by CORS (HAVEN_CORS_ORIGINS: exact, or https://*.host for company sites); development and test add localhost. */
  corsOrigins: string[];
  /** Where uploaded files are kept (HAVEN_S3_BUCKET or HAVEN_FILES_DIR); required in production, a temp folder otherwise. */
  fileStorage: FileStorageConfig | undefined;
  /** Origin of the asset host serving the avatar folder (HAVEN_ASSET_HOST); off production the api itself. */
  assetHost: string | undefined;
  /** Bytes one account (the parent and its profiles together) may upload per hour (HAVEN_UPLOAD_HOURLY_MB). */
  uploadHourlyBytes: number;
  /**
   * Which proxies' X-Forwarded-For is believed for the client address (HAVEN_TRUST_PROXY): a hop count
   * (1: the load balancer in front), or a comma-separated list of addresses/CIDRs; false: none (the
   * socket's address is the client's). Every per-address limit keys on that address.
   */
  trustProxy: number | string[] | false;
  google: GoogleConfig;
  apple: AppleConfig;
  facebook: FacebookConfig;
  sso: SsoConfig;
  /**
   * Whether `/openapi.json` is served: always outside production; in production only with
   * HAVEN_PUBLISH_OPENAPI=on (the document maps every route and field for anyone who asks).
   */
  publishOpenApi: boolean;
  /** TURN relays whose short-lived credentials the api mints for each room (HAVEN_TURN_URLS, HAVEN_TURN_SECRET); null: none. */
  turn: TurnConfig | null;
  /** The scrypt cost (N) of new password hashes: PASSWORD_COST, lowered only by a test run. */
  passwordCost: number;
}

/** TURN servers sharing a secret with the api (coturn: use-auth-secret, static-auth-secret). */
export interface TurnConfig {
  /** turn: and turns: addresses handed to the room (HAVEN_TURN_URLS, comma-separated). */
  urls: string[];
  /** The secret the relays check credentials with (HAVEN_TURN_SECRET). */
  secret: string;
}

/**
 * HAVEN_TURN_URLS and HAVEN_TURN_SECRET together, or neither (no relay). In production the secret is a
 * real one: the relays' credentials are minted from it.
 */
export function turnConfig(isProduction: boolean, env: NodeJS.ProcessEnv): TurnConfig | null {
  const raw = env.HAVEN_TURN_URLS?.trim() ?? '';
  const secret = env.HAVEN_TURN_SECRET ?? '';
  if (!raw && !secret) return null;
  if (!raw) throw new ConfigError('HAVEN_TURN_SECRET is set without HAVEN_TURN_URLS (the relays it is shared with)');
  const urls = raw
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  for (const u of urls) {
    if (!/^turns?:[^\s/?#]+(\?transport=(udp|tcp))?$/.test(u))
      throw new ConfigError(`HAVEN_TURN_URLS: "${u}" is not a turn: or turns: address (e.g. turns:turn.example.com:5349)`);
  }
  if (isProduction) return { urls, secret: productionSecret('HAVEN_TURN_SECRET', secret || undefined) };
  if (!secret) throw new ConfigError("HAVEN_TURN_URLS is set without HAVEN_TURN_SECRET (the relays' shared secret)");
  return { urls, secret };
}

/** Google sign-in: whose tokens are accepted, and where Google's signing keys are read. */
export interface GoogleConfig {
  /** HAVEN_GOOGLE_CLIENT_ID: our web client id (the audience of Google's tokens); none: Google's tokens are refused. */
  clientId: string | null;
  /** HAVEN_GOOGLE_JWKS_URL: Google's published key set by default (tests point it at a local key server). */
  jwksUrl: string;
  /** The api's development Google issuer is trusted: in the development stage only. */
  development: boolean;
  /**
   * The test stage without HAVEN_GOOGLE_JWKS_URL: Google's key set is the api's stand-in's
   * (GET /api/v1/dev/google_certs on the api's own address, set once it listens), so the browser suite
   * signs in with Google through the production path.
   */
  standIn: boolean;
}
/** The client id Google's tokens name in the test stage, unless HAVEN_GOOGLE_CLIENT_ID says otherwise. */
export const TEST_GOOGLE_CLIENT_ID = 'haven-test.apps.googleusercontent.com';
/** Where the api serves its stand-in's key set (development routes: development and test stages). */
export const GOOGLE_STAND_IN_CERTS_PATH = '/api/v1/dev/google_certs';
/** Google's published signing keys (JWKS). */
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';

export function googleConfig(stage: string, env: NodeJS.ProcessEnv): GoogleConfig {
  const test = stage === 'test';
  return {
    clientId: env.HAVEN_GOOGLE_CLIENT_ID || (test ? TEST_GOOGLE_CLIENT_ID : null),
    jwksUrl: env.HAVEN_GOOGLE_JWKS_URL || GOOGLE_JWKS_URL,
    development: stage === 'development',
    standIn: test && !env.HAVEN_GOOGLE_JWKS_URL,
  };
}

/** Sign in with Apple: whose ID tokens are accepted, and where Apple's signing keys are read. */
export interface AppleConfig {
  /** HAVEN_APPLE_CLIENT_ID: our Services ID (the audience of Apple's tokens); none: Apple's tokens are refused. */
  clientId: string | null;
  /** HAVEN_APPLE_JWKS_URL: Apple's published key set by default (tests point it at a local key server). */
  jwksUrl: string;
  /** The api's development Apple issuer is trusted: in the development stage only. */
  development: boolean;
  /** The test stage without HAVEN_APPLE_JWKS_URL: Apple's key set is the api's stand-in's (set once it listens). */
  standIn: boolean;
}
/** The Services ID Apple's tokens name in the test stage, unless HAVEN_APPLE_CLIENT_ID says otherwise. */
export const TEST_APPLE_CLIENT_ID = 'care.haven.test.web';
/** Where the api serves its stand-in's key set for Apple (development routes). */
export const APPLE_STAND_IN_KEYS_PATH = '/api/v1/dev/apple/keys';
/** Apple's published signing keys (JWKS). */
export const APPLE_JWKS_URL = 'https://appleid.apple.com/auth/keys';

/** Facebook sign-in: our app, and the Graph API that inspects the access tokens its SDK answers. */
export interface FacebookConfig {
  /** HAVEN_FACEBOOK_APP_ID: the app the tokens must be issued to; none: Facebook's tokens are refused. */
  appId: string | null;
  /** HAVEN_FACEBOOK_APP_SECRET: with the app id, the app access token Graph's inspection asks for. */
  appSecret: string | null;
  /** HAVEN_FACEBOOK_GRAPH_URL: Facebook's Graph API by default (tests point it at a local stand-in). */
  graphUrl: string;
  /** The api's development Facebook issuer is trusted: in the development stage only. */
  development: boolean;
  /** The test stage without HAVEN_FACEBOOK_GRAPH_URL: Graph is the api's stand-in (set once it listens). */
  standIn: boolean;
}
/** The app Facebook's tokens are issued to in the test stage, unless HAVEN_FACEBOOK_APP_ID says otherwise. */
export const TEST_FACEBOOK_APP_ID = '100000000000002';
/** The test stage's app secret (published: the stand-in checks it as Graph checks the real one). */
export const TEST_FACEBOOK_APP_SECRET = 'haven-test-facebook-app-secret';
/** Where the api serves its stand-in for Facebook's Graph API (development routes). */
export const FACEBOOK_STAND_IN_GRAPH_PATH = '/api/v1/dev/facebook_graph';
/** Facebook's Graph API, at the version the web client's SDK is initialised with. */
export const FACEBOOK_GRAPH_URL = 'https://graph.facebook.com/v19.0';

/**
 * Employer SSO: which key sets verify the tokens of a connection without a published key set (the api's
 * development OpenID provider). A connection with one (jwks_uri) is verified against it in every stage.
 */
export interface SsoConfig {
  /** The development provider's tokens are checked against the development key in-process: development stage only. */
  development: boolean;
  /**
   * The test stage: the development provider stands in for a company's, and its key set is read the
   * production way, from where it publishes it on the api's own address (set once it listens).
   */
  standInBase: string | null;
}
/** Where the development OpenID provider answers (its `<slug>/jwks` is its key set). */
export const SSO_STAND_IN_BASE_PATH = '/sso/v1/dev-idp';

/** The issuers each stage trusts for Apple, Facebook and employer SSO (Google's: googleConfig). */
export function socialConfigs(stage: string, env: NodeJS.ProcessEnv): { apple: AppleConfig; facebook: FacebookConfig; sso: SsoConfig } {
  const test = stage === 'test';
  const development = stage === 'development';
  return {
    apple: {
      clientId: env.HAVEN_APPLE_CLIENT_ID || (test ? TEST_APPLE_CLIENT_ID : null),
      jwksUrl: env.HAVEN_APPLE_JWKS_URL || APPLE_JWKS_URL,
      development,
      standIn: test && !env.HAVEN_APPLE_JWKS_URL,
    },
    facebook: {
      appId: env.HAVEN_FACEBOOK_APP_ID || (test ? TEST_FACEBOOK_APP_ID : null),
      appSecret: env.HAVEN_FACEBOOK_APP_SECRET || (test ? TEST_FACEBOOK_APP_SECRET : null),
      graphUrl: env.HAVEN_FACEBOOK_GRAPH_URL || FACEBOOK_GRAPH_URL,
      development,
      standIn: test && !env.HAVEN_FACEBOOK_GRAPH_URL,
    },
    // The base is the api's own address, known once it listens (server.ts).
    sso: { development, standInBase: null },
  };
}

/** Points the test stage's stand-ins at the api's own address, once it listens. */
export function pointStandInsAt(c: Pick<RuntimeConfig, 'stage' | 'google' | 'apple' | 'facebook' | 'sso'>, address: string) {
  if (c.google.standIn) c.google.jwksUrl = `${address}${GOOGLE_STAND_IN_CERTS_PATH}`;
  if (c.apple.standIn) c.apple.jwksUrl = `${address}${APPLE_STAND_IN_KEYS_PATH}`;
  if (c.facebook.standIn) c.facebook.graphUrl = `${address}${FACEBOOK_STAND_IN_GRAPH_PATH}`;
  if (c.stage === 'test') c.sso.standInBase = `${address}${SSO_STAND_IN_BASE_PATH}`;
}

export class ConfigError extends Error {}

/** Where uploaded files rest: a folder, or an S3-compatible bucket (accounts/file-storage.ts). */
export type FileStorageConfig =
  | { kind: 'folder'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      /** An S3-compatible service's address; none: AWS's own for the region. */
      endpoint?: string;
      region: string;
      /** Bucket in the path (most S3-compatible services), not in the host name. */
      forcePathStyle: boolean;
      /** Key prefix inside the bucket, e.g. `documents/`. */
      prefix: string;
    };

/** HAVEN_S3_BUCKET (with HAVEN_S3_ENDPOINT, HAVEN_S3_REGION, HAVEN_S3_FORCE_PATH_STYLE, HAVEN_S3_PREFIX) wins over HAVEN_FILES_DIR. */
export function fileStorageFromEnv(env: NodeJS.ProcessEnv): FileStorageConfig | null {
  if (env.HAVEN_S3_BUCKET) {
    return {
      kind: 's3',
      bucket: env.HAVEN_S3_BUCKET,
      endpoint: env.HAVEN_S3_ENDPOINT || undefined,
      region: env.HAVEN_S3_REGION || 'us-east-1',
      forcePathStyle: env.HAVEN_S3_FORCE_PATH_STYLE === 'on',
      prefix: env.HAVEN_S3_PREFIX ?? '',
    };
  }
  return env.HAVEN_FILES_DIR ? { kind: 'folder', dir: env.HAVEN_FILES_DIR } : null;
}

/** A Firebase project's service account key (HAVEN_FIREBASE_SERVICE_ACCOUNT_FILE), read by the identity module. */
export interface ServiceAccount {
  projectId: string;
  clientEmail: string;
  privateKey: string;
}

/** Off production the api serves the avatar folder itself (routes/avatars.ts) on its usual port. */
export const DEV_ASSET_HOST = 'http://localhost:4000';
/** The origin HAVEN_ASSET_HOST names (no path, no trailing slash); a value that is not an http(s) origin stops the start. */
function assetHostOf(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new ConfigError(`HAVEN_ASSET_HOST is not a URL: ${raw}`);
  }
  if (!/^https?:$/.test(u.protocol)) throw new ConfigError(`HAVEN_ASSET_HOST must be an http(s) origin: ${raw}`);
  return u.origin;
}

/** `development` and `test` are the only non-production stages; everything else is production. */
export function resolveStage(raw: string | undefined): Stage {
  return raw === 'development' || raw === 'test' ? raw : 'production';
}

function parseOrigins(raw: string | undefined): string[] {
  if (!raw?.trim()) return [];
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((o) => {
      // Company sites (docs/partner-handoff.md): `https://*.partners.example.com` allows one DNS label there.
      if (o.startsWith('https://*.')) {
        if (!/^https:\/\/\*(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?){2,}(:\d+)?$/i.test(o)) {
          throw new ConfigError(`HAVEN_CORS_ORIGINS: "${o}" is not a subdomain pattern (https://*.partners.example.com)`);
        }
        return o.toLowerCase();
      }
      let u: URL;
      try {
        u = new URL(o);
      } catch {
        throw new ConfigError(`HAVEN_CORS_ORIGINS: "${o}" is not an origin (e.g. https://app.example.com)`);
      }
      if ((u.protocol !== 'https:' && u.protocol !== 'http:') || u.origin !== o.replace(/\/$/, '')) {
        throw new ConfigError(`HAVEN_CORS_ORIGINS: "${o}" is not an origin (scheme://host[:port], no path)`);
      }
      return u.origin;
    });
}

function productionSecret(name: string, value: string | undefined): string {
  if (!value)
    throw new ConfigError(`${name} is required in production (set it to a random value of at least ${MIN_SECRET_LENGTH} characters)`);
  if (PUBLISHED_SECRETS.has(value)) throw new ConfigError(`${name} is a published development value: refusing to start in production`);
  if (value.length < MIN_SECRET_LENGTH)
    throw new ConfigError(`${name} is shorter than ${MIN_SECRET_LENGTH} characters: refusing to start in production`);
  return value;
}

/**
 * HAVEN_TRUST_PROXY: `none` (or unset/empty outside production): trust no proxy; a whole number: that
 * many hops; else addresses/CIDRs. Production must state it: behind an unstated balancer every client is
 * one address, and one person's refused attempts would refuse everyone's.
 */
export function parseTrustProxy(raw: string | undefined, production = false): number | string[] | false {
  const v = raw?.trim() ?? '';
  if (v === '' && production)
    throw new ConfigError(
      'HAVEN_TRUST_PROXY is required in production: the proxies in front of the api (a hop count such as 1, or addresses/CIDRs such as 10.0.0.0/8), or "none" when clients connect directly',
    );
  if (v === '' || v === 'none' || v === '0' || v === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const a of list) {
    // An address or CIDR (IPv4 or IPv6), or one of proxy-addr's names (loopback, linklocal, uniquelocal).
    if (!/^([0-9a-fA-F:.]+(\/\d{1,3})?|loopback|linklocal|uniquelocal)$/.test(a)) {
      throw new ConfigError(`HAVEN_TRUST_PROXY: "${a}" is neither a hop count nor an address or CIDR (e.g. 1, or 10.0.0.0/8,127.0.0.1)`);
    }
  }
  return list;
}

/**
 * Reads the stage, secrets and CORS origins. `stage` (from startApi options) wins over HAVEN_STAGE.
 * Throws a ConfigError naming the problem when production lacks a proper secret.
 */
export function loadConfig(env: NodeJS.ProcessEnv, opts: { stage?: string; corsOrigins?: string[] } = {}): RuntimeConfig {
  const requestedStage = opts.stage ?? env.HAVEN_STAGE;
  const stage = resolveStage(requestedStage);
  const isProduction = stage === 'production';
  const corsOrigins = [...parseOrigins(env.HAVEN_CORS_ORIGINS), ...(opts.corsOrigins ?? [])];
  const firebaseProjectId = env.HAVEN_FIREBASE_PROJECT_ID ?? 'haven-local';
  if (isProduction) {
    const secret = productionSecret('HAVEN_API_SECRET', env.HAVEN_API_SECRET);
    const firebaseSecret = productionSecret('HAVEN_FIREBASE_SECRET', env.HAVEN_FIREBASE_SECRET);
    if (secret === firebaseSecret) throw new ConfigError('HAVEN_API_SECRET and HAVEN_FIREBASE_SECRET must differ');
    // A temp folder would lose patients' documents on the next reboot or clean-up.
    const fileStorage = fileStorageFromEnv(env);
    if (!fileStorage)
      throw new ConfigError('HAVEN_S3_BUCKET or HAVEN_FILES_DIR is required in production (lasting storage for uploaded files)');
    const trustProxy = parseTrustProxy(env.HAVEN_TRUST_PROXY, true);
    return {
      stage,
      requestedStage,
      isProduction,
      secret,
      firebaseSecret,
      firebaseProjectId,
      corsOrigins,
      fileStorage,
      assetHost: assetHostOf(env.HAVEN_ASSET_HOST),
      uploadHourlyBytes: uploadHourlyBytesOf(env.HAVEN_UPLOAD_HOURLY_MB),
      trustProxy,
      google: googleConfig(stage, env),
      ...socialConfigs(stage, env),
      publishOpenApi: env.HAVEN_PUBLISH_OPENAPI === 'on',
      turn: turnConfig(true, env),
      passwordCost: PASSWORD_COST,
    };
  }
  const secret = env.HAVEN_API_SECRET || DEV_SECRET;
  const trustProxy = parseTrustProxy(env.HAVEN_TRUST_PROXY);
  return {
    stage,
    requestedStage,
    isProduction,
    secret,
    firebaseSecret: env.HAVEN_FIREBASE_SECRET || `${secret}:firebase`,
    firebaseProjectId,
    corsOrigins,
    fileStorage: fileStorageFromEnv(env) ?? undefined,
    assetHost: assetHostOf(env.HAVEN_ASSET_HOST) ?? DEV_ASSET_HOST,
    uploadHourlyBytes: uploadHourlyBytesOf(env.HAVEN_UPLOAD_HOURLY_MB),
    trustProxy,
    google: googleConfig(stage, env),
    ...socialConfigs(stage, env),
    publishOpenApi: true,
    turn: turnConfig(false, env),
    passwordCost: testPasswordCost(env.HAVEN_TEST_PASSWORD_COST),
  };
}

/** The scrypt cost production hashes passwords with (the recommendation for interactive logins). */
export const PASSWORD_COST = 16384;
// For test runs (production never reads it): each api-test sign-in verifies a hash, ~40 ms at full cost.
function testPasswordCost(raw: string | undefined): number {
  if (!raw) return PASSWORD_COST;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 2 || n > PASSWORD_COST || (n & (n - 1)) !== 0)
    throw new ConfigError(`HAVEN_TEST_PASSWORD_COST must be a power of two up to ${PASSWORD_COST}, not "${raw}"`);
  return n;
}

/** Default hourly upload budget per account: two files of the spec's largest size and some room. */
export const DEFAULT_UPLOAD_HOURLY_MB = 250;

function uploadHourlyBytesOf(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_UPLOAD_HOURLY_MB * 1024 * 1024;
  const mb = Number(raw);
  if (!Number.isFinite(mb) || mb <= 0) throw new ConfigError(`HAVEN_UPLOAD_HOURLY_MB must be a positive number of megabytes, not "${raw}"`);
  return Math.round(mb * 1024 * 1024);
}
