// Builds the Fastify app: validation (requests strict, responses checked), errors, CORS, OpenAPI,
// devise-style credentials, and every route. No listening here (see server.ts).
import Fastify, { type FastifyError, type FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { STATUS_CODES } from 'node:http';
import { ErrorBody, PARAM_INTEGER_BOUNDS, PARAM_MAX_LENGTH, SHARED_SCHEMAS } from './core/schemas.js';
import { HttpError, type App, type Ctx, type TypeBoxProvider } from './core/http.js';
import { isAllowedOrigin } from './core/origins.js';
import { authenticateHeaders, rotate, setCredentialHeaders, type AuthCheck, type UserRow } from './identity/index.js';
import { authRoutes } from './routes/auth.js';
import { identityLinkRoutes } from './routes/identity-links.js';
import { firebaseEmulatorRoutes } from './routes/firebase-emulator.js';
import { customerRoutes } from './routes/customer.js';
import { providerRoutes } from './routes/providers.js';
import { bookingRoutes } from './routes/bookings.js';
import { contentRoutes } from './routes/content.js';
import { devRoutes } from './routes/dev.js';
import { paymentRoutes } from './routes/payments.js';
import { couponRoutes } from './routes/coupons.js';
import { packageRoutes } from './routes/packages.js';
import { dashboardRoutes } from './routes/dashboard.js';
import { journalRoutes } from './routes/journal.js';
import { growthRoutes } from './routes/growth.js';
import { partnerRoutes } from './routes/partner.js';
import { accountRoutes } from './routes/account.js';
import { accountSecurityRoutes } from './routes/account-security.js';
import { avatarRoutes } from './routes/avatars.js';
import { sessionRoomRoutes } from './routes/session-room.js';
import { careRoutes } from './routes/care.js';
import { providerSwitchRoutes } from './routes/provider-switch.js';
import { registerProbes, registerShedding, type Lifecycle, type SheddingOptions } from './core/lifecycle.js';
import { careteamRoutes } from './routes/careteam.js';
import { signinRoutes } from './routes/signin.js';
import { ssoRoutes } from './routes/sso.js';
import { waitlistRoutes } from './routes/waitlists.js';
import { bookingDetailRoutes } from './routes/booking-details.js';
import { matchingRoutes } from './routes/matching.js';
import { careCoordinatorRoutes } from './routes/care-coordinator.js';
import { invoiceRoutes } from './routes/invoices.js';
import { ancillaryRoutes } from './routes/ancillary.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account (set by app.authenticate). */
    user: UserRow;
    /** The profile the request acts for: the secondary profile when a valid secondary-profile-access-token is sent. */
    actor: UserRow;
    authCheck?: AuthCheck;
  }
  interface FastifyInstance {
    authenticate: (req: FastifyRequest) => Promise<void>;
    ctx: Ctx;
    /** Readiness and drain state (lib/lifecycle.ts). */
    lifecycle: Lifecycle;
  }
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
export const BODY_LIMIT = 64 * 1024;
/** A request (headers and body) must arrive within this time: slow senders do not hold sockets for ever. */
export const REQUEST_TIMEOUT_MS = 30_000;

export { isAllowedOrigin } from './core/origins.js';

export const ALLOWED_REQUEST_HEADERS = [
  'content-type', 'accept', 'authorization', 'access-token', 'expiry', 'uid', 'client', 'token-type', 'fbp', 'fbc',
  'secondary-profile-access-token', 'x-company-profile-uuid', 'x-company-profile-name', 'platform', 'x-timezone', 'x-country',
  'x-utm-params', 'jwt-token', 'x-request-id', 'x-client-version', 'x-firebase-gmpid', 'x-firebase-client', 'x-firebase-appcheck',
  'x-firebase-locale', 'partner-proof',
];
interface JsonSchemaNode { type?: unknown; properties?: Record<string, JsonSchemaNode>; anyOf?: JsonSchemaNode[]; minimum?: number; maximum?: number; maxLength?: number; enum?: unknown; const?: unknown }
/**
 * A copy of a path/query schema in which every integer and string without a bound of its own gets one
 * (so no value reaches SQL out of range or unbounded). A copy: the same TypeBox objects serve bodies too.
 */
export function boundParameters<T extends JsonSchemaNode | undefined>(schema: T): T {
  if (!schema) return schema;
  const copy = JSON.parse(JSON.stringify(schema)) as JsonSchemaNode;
  const visit = (n: JsonSchemaNode) => {
    if (n.type === 'integer' || n.type === 'number') {
      n.minimum ??= PARAM_INTEGER_BOUNDS.minimum;
      n.maximum ??= PARAM_INTEGER_BOUNDS.maximum;
    } else if (n.type === 'string' && n.enum === undefined && n.const === undefined) {
      n.maxLength ??= PARAM_MAX_LENGTH;
    }
    n.anyOf?.forEach(visit);
    Object.values(n.properties ?? {}).forEach(visit);
  };
  visit(copy);
  return copy as T;
}

/** Whether a parsed value holds a NUL character anywhere (PostgreSQL refuses them in text and jsonb). Iterative. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k.includes('\u0000')) return true;
        stack.push(x);
      }
    }
  }
  return false;
}

// content-disposition: the client names a downloaded invoice as the api does.
export const EXPOSED_HEADERS = ['access-token', 'client', 'uid', 'expiry', 'token-type', 'secondary-profile-access-token', 'x-request-id', 'content-disposition'];

/** Trusts the `hops` nearest proxies: X-Forwarded-For is read from the right, that many entries deep. */
const trustHops = (hops: number) => (_addr: string, i: number) => i < hops;

export async function buildApp(ctx: Ctx, opts: { logger?: boolean; corsOrigins?: string[]; shedding?: SheddingOptions | null; trustProxy?: number | string[] | false } = {}): Promise<App> {
  const app = Fastify({
    logger: opts.logger ? { level: process.env.LOG_LEVEL ?? 'info' } : false,
    bodyLimit: BODY_LIMIT,
    requestTimeout: REQUEST_TIMEOUT_MS,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    routerOptions: { maxParamLength: 200 },
    // req.ip (every per-address limit's key) is the client's only when the proxies in front are trusted.
    // A hop count as the function proxy-addr makes of it (the option's type takes no number).
    trustProxy: typeof opts.trustProxy === 'number' ? trustHops(opts.trustProxy) : (opts.trustProxy ?? false),
  }).withTypeProvider<TypeBoxProvider>();
  app.decorate('ctx', ctx);
  const inFlight = await registerShedding(app, opts.shedding ?? null);

  // Request validation: bodies strictly typed (no coercion: a number is not a string); query, params
  // and headers coerced from their string form.
  const strict = addFormats(new Ajv({ allErrors: false, coerceTypes: false, useDefaults: true, removeAdditional: false, strict: false }));
  const coercing = addFormats(new Ajv({ allErrors: false, coerceTypes: 'array', useDefaults: true, removeAdditional: false, strict: false }));
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema) as ValidateFunction);

  // Response validation on every call: a handler answering outside its schema is a bug (500, logged).
  const responseAjv = addFormats(new Ajv({ allErrors: false, strict: false }));
  for (const sch of SHARED_SCHEMAS) {
    app.addSchema(sch);
    for (const a of [strict, coercing, responseAjv]) a.addSchema(sch);
  }
  const responseValidators = new WeakMap<object, ValidateFunction>();
  app.addHook('preSerialization', async (req, reply, payload) => {
    const schemas = req.routeOptions.schema?.response as Record<string, object> | undefined;
    if (!schemas || reply.statusCode >= 400) return payload;
    const schema = schemas[String(reply.statusCode)] ?? schemas[`${String(reply.statusCode)[0]}xx`];
    if (!schema) return payload;
    let v = responseValidators.get(schema);
    if (!v) { v = responseAjv.compile(schema); responseValidators.set(schema, v); }
    if (!v(payload)) {
      req.log.error({ errors: v.errors, url: req.url }, 'response does not match its schema');
      throw new Error(`response schema mismatch: ${responseAjv.errorsText(v.errors)}`);
    }
    return payload;
  });

  // JSON: an empty body is "no body"; malformed JSON is a 400 naming the problem.
  // Only JSON (and form-urlencoded where a route says so) is accepted; anything else is a 415.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text, (k, v) => (k === '__proto__' || k === 'constructor' ? undefined : v)));
    } catch (e) {
      done(new HttpError(400, `Body is not valid JSON: ${(e as Error).message}`) as unknown as FastifyError, undefined);
    }
  });
  await app.register(formbody, { bodyLimit: BODY_LIMIT });

  await app.register(cors, {
    origin: (origin, cb) => cb(null, !origin || isAllowedOrigin(origin, opts.corsOrigins, !ctx.isProduction)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ALLOWED_REQUEST_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });

  // Security headers on every response, errors included. A JSON api loads nothing and is never framed.
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] } },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });

  await app.register(swagger, {
    // Shared schemas become components named by their $id (User, Booking, ...).
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Haven reference product API', version: '1.0.0', description: 'See api/README.md. Credentials follow devise_token_auth under /api/v1/auth.' },
      servers: [{ url: 'http://localhost:4000' }],
      components: {
        securitySchemes: {
          accessToken: { type: 'apiKey', in: 'header', name: 'access-token' },
          client: { type: 'apiKey', in: 'header', name: 'client' },
          uid: { type: 'apiKey', in: 'header', name: 'uid' },
        },
      },
    },
  });

  // Every route documents the error body for 4xx/5xx; authenticated routes declare their security.
  app.addHook('onRoute', (route) => {
    if (route.method === 'HEAD' || (Array.isArray(route.method) && route.method.includes('HEAD'))) return;
    route.schema ??= {};
    const resp = ((route.schema as { response?: Record<string, unknown> }).response ??= {});
    resp['4xx'] ??= ErrorBody;
    resp['5xx'] ??= ErrorBody;
    const sch = route.schema as { querystring?: JsonSchemaNode; params?: JsonSchemaNode };
    // Only where present: an explicit `undefined` makes Fastify warn that the schema is missing.
    if (sch.querystring) sch.querystring = boundParameters(sch.querystring);
    if (sch.params) sch.params = boundParameters(sch.params);
    if ((route.config as { auth?: boolean } | undefined)?.auth) {
      (route.schema as { security?: unknown }).security = [{ accessToken: [], client: [], uid: [] }];
    }
  });

  app.decorate('authenticate', async (req: FastifyRequest) => {
    const { check, user, actor } = await authenticateHeaders(ctx, req.headers);
    req.authCheck = check;
    req.user = user;
    req.actor = actor;
  });
  app.addHook('preValidation', async (req) => {
    for (const [part, value] of [['params', req.params], ['querystring', req.query], ['body', req.body]] as const) {
      if (containsNul(value)) throw new HttpError(400, `${part} must not contain NUL characters`);
    }
  });
  app.addHook('preHandler', async (req) => {
    if ((req.routeOptions.config as { auth?: boolean }).auth) await app.authenticate(req);
  });
  // Rotation happens only on success, so a failed call never leaves the client with a stale token.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.authCheck && reply.statusCode < 400 && !reply.getHeader('access-token')) {
      const creds = await rotate(ctx.db, req.authCheck, (ctx.clock ?? Date.now)());
      if (creds) setCredentialHeaders(reply, creds);
    }
    reply.header('x-request-id', req.id);
    // Patient data and credentials must never sit in a shared or browser cache: every authenticated
    // answer and every answer carrying credentials is no-store; other routes default to it unless
    // they chose a caching policy themselves.
    if (req.authCheck || reply.getHeader('access-token') || !reply.getHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  app.setErrorHandler((err: FastifyError & { extra?: Record<string, unknown> }, req, reply) => {
    let status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    let message = err.message;
    if (err.validation) {
      status = 400;
      message = `${err.validationContext ?? 'request'}${err.validation[0]?.instancePath ?? ''} ${err.validation[0]?.message ?? err.message}`;
    } else if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      message = `Unsupported Content-Type: ${req.headers['content-type'] ?? '(none)'}; send application/json${req.url.includes('google') || req.url.includes('securetoken') ? ' or application/x-www-form-urlencoded' : ''}`;
    } else if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      message = `Request body is larger than ${BODY_LIMIT} bytes`;
    }
    // A 503 the api answers on purpose (the partner code's "no", load shedding) keeps its message.
    if (status >= 500 && !(err instanceof HttpError && status === 503)) {
      req.log.error({ err, reqId: req.id }, 'unexpected error');
      message = 'Internal server error';
    }
    if (req.url.startsWith('/identitytoolkit.googleapis.com/') || req.url.startsWith('/securetoken.googleapis.com/')) {
      // The Firebase SDK reads { error: { message } } (e.g. MISSING_TOKEN / INVALID_ARGUMENT).
      const code = status >= 500 ? 'INTERNAL_ERROR' : `INVALID_ARGUMENT : ${message}`;
      return reply.status(status).send({ error: { code: status, message: code, errors: [{ message: code, domain: 'global', reason: 'invalid' }] } });
    }
    if (err instanceof HttpError) reply.headers(err.headers);
    reply.status(status).send({
      success: false,
      statusCode: status,
      error: STATUS_CODES[status] ?? 'Error',
      message,
      errors: [message],
      request_id: req.id,
      ...(err instanceof HttpError ? err.extra : {}),
    });
  });
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ success: false, statusCode: 404, error: 'Not Found', message: `No route ${req.method} ${req.url.split('?')[0]}`, errors: [`No route ${req.method} ${req.url.split('?')[0]}`], request_id: req.id });
  });

  app.get('/health', { schema: { hide: true, response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } } } }, async () => ({ ok: true }));
  app.decorate('lifecycle', registerProbes(app, ctx, inFlight));
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(async (api) => {
    await authRoutes(api as App);
    await identityLinkRoutes(api as App);
    await customerRoutes(api as App);
    await providerRoutes(api as App);
    await bookingRoutes(api as App);
    await contentRoutes(api as App);
    await paymentRoutes(api as App);
    await couponRoutes(api as App);
    await packageRoutes(api as App);
    await journalRoutes(api as App);
    await dashboardRoutes(api as App);
    await growthRoutes(api as App);
    await partnerRoutes(api as App);
    await accountRoutes(api as App);
    await accountSecurityRoutes(api as App);
    await sessionRoomRoutes(api as App);
    await careRoutes(api as App);
    await providerSwitchRoutes(api as App);
    await careteamRoutes(api as App);
    await signinRoutes(api as App);
    await waitlistRoutes(api as App);
    await bookingDetailRoutes(api as App);
    await matchingRoutes(api as App);
    await careCoordinatorRoutes(api as App);
    await invoiceRoutes(api as App);
    await ancillaryRoutes(api as App);
    if (!ctx.isProduction) await devRoutes(api as App);
  }, { prefix: '/api/v1' });
  await app.register(async (sso) => ssoRoutes(sso as App), { prefix: '/sso/v1' });
  await firebaseEmulatorRoutes(app);
  if (!ctx.isProduction) await avatarRoutes(app as App);
  return app;
}
