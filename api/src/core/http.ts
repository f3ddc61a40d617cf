import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { Static, TSchema } from '@sinclair/typebox';
import type { Db } from '../db/index.js';
import type { AppleConfig, FacebookConfig, FileStorageConfig, GoogleConfig, ServiceAccount, SsoConfig, TurnConfig } from './config.js';

/** Fastify type provider for @sinclair/typebox schemas: handlers see Static<schema> types. */
export interface TypeBoxProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxProvider
>;

/** The request logger a domain function writes to (domains never import the http framework itself). */
export type Logger = FastifyBaseLogger;

/** A request's headers as the http layer hands them to a domain function. */
export type IncomingHeaders = Record<string, string | string[] | undefined>;

/**
 * Where a domain function puts the headers its answer carries (credentials after a sign-in, a profile
 * token): the route passes its reply, which has both methods; the domain never sees the framework.
 */
export interface AnswerHeaders {
  header(name: string, value: string): unknown;
  getHeader(name: string): unknown;
}

export interface Ctx {
  db: Db;
  stage: string;
  /** Signs api-minted JWTs (secondary-profile tokens, partner/dev tokens). */
  secret: string;
  /** Shared between the api (Firebase auth emulator) and the realtime server (ID token check). */
  firebaseSecret: string;
  firebaseProjectId: string;
  /** A real Firebase project's service account (HAVEN_FIREBASE_SERVICE_ACCOUNT_FILE): fb_tokens are then its custom tokens. */
  firebaseServiceAccount?: ServiceAccount;
  isProduction: boolean;
  /** Where uploaded files rest (a folder or a bucket); undefined outside production means a temp folder. */
  fileStorage?: FileStorageConfig;
  /** Origin of the asset host whose avatar folder holds avatars (HAVEN_ASSET_HOST); none: no avatar urls. */
  assetHost?: string;
  /** Milliseconds since the epoch for rate limits and lockouts; tests inject one to step over windows. */
  clock?: () => number;
  /** Bytes one account may upload per hour (the parent and its profiles together); default in core/config.ts. */
  uploadHourlyBytes?: number;
  /** The realtime database's last snapshot (development route /dev/realtime). */
  realtimeData?: () => unknown;
  /** Google sign-in (HAVEN_GOOGLE_CLIENT_ID, HAVEN_GOOGLE_JWKS_URL); absent: read from process.env. */
  google?: GoogleConfig;
  /** Apple, Facebook and employer SSO's trusted issuers (core/config.ts socialConfigs); absent: read from process.env. */
  apple?: AppleConfig;
  facebook?: FacebookConfig;
  sso?: SsoConfig;
  /** `/openapi.json` is served (core/config.ts: not in production unless asked for); absent: outside production. */
  publishOpenApi?: boolean;
  /** TURN relays whose credentials each room join mints (HAVEN_TURN_URLS, HAVEN_TURN_SECRET); absent or null: none. */
  turn?: TurnConfig | null;
}

/** A 4xx/5xx with a JSON body naming the problem. */
export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public extra: Record<string, unknown> = {},
    public headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
/** The rate-limit answer every page relies on: 429, Retry-After (whole seconds), code rate_limited. */
export function rateLimited(retryAfterS: number, message = 'Too many attempts. Please try again later.') {
  const s = Math.max(1, Math.ceil(retryAfterS));
  return new HttpError(429, message, { code: 'rate_limited', retry_after: s }, { 'retry-after': String(s) });
}
export const badRequest = (m: string) => new HttpError(400, m);
export const notFound = (m: string) => new HttpError(404, m);
export const unprocessable = (m: string, extra: Record<string, unknown> = {}) => new HttpError(422, m, extra);
