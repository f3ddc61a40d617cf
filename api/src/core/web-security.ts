// Who may call the api from a browser (CORS: origins, headers either way) and the security headers.
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { App } from './http.js';
import { isAllowedOrigin } from './origins.js';

export const ALLOWED_REQUEST_HEADERS = [
  'content-type',
  'accept',
  'authorization',
  'access-token',
  'expiry',
  'uid',
  'client',
  'token-type',
  'fbp',
  'fbc',
  'secondary-profile-access-token',
  'x-company-profile-uuid',
  'x-company-profile-name',
  'platform',
  'x-timezone',
  'x-country',
  'x-utm-params',
  'jwt-token',
  'x-request-id',
  'x-client-version',
  'x-firebase-gmpid',
  'x-firebase-client',
  'x-firebase-appcheck',
  'x-firebase-locale',
  'partner-proof',
];
// content-disposition: the client names a downloaded invoice as the api does.
export const EXPOSED_HEADERS = [
  'access-token',
  'client',
  'uid',
  'expiry',
  'token-type',
  'secondary-profile-access-token',
  'x-request-id',
  'content-disposition',
];

export async function registerWebSecurity(app: App, opts: { corsOrigins?: string[]; allowLocalOrigins: boolean }): Promise<void> {
  await app.register(cors, {
    origin: (origin, cb) => cb(null, !origin || isAllowedOrigin(origin, opts.corsOrigins, opts.allowLocalOrigins)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ALLOWED_REQUEST_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });

  // Security headers on every response, errors included. A JSON api loads nothing and is never framed.
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
}
