// The Fastify instance every api process builds: request limits, request ids, which proxies are trusted.
import Fastify from 'fastify';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { App, TypeBoxProvider } from './http.js';

export const BODY_LIMIT = 64 * 1024;
/** A request (headers and body) must arrive within this time: slow senders do not hold sockets for ever. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** Trusts the `hops` nearest proxies: X-Forwarded-For is read from the right, that many entries deep. */
const trustHops = (hops: number) => (_addr: string, i: number) => i < hops;

export interface ServerOptions {
  logger?: boolean;
  trustProxy?: number | string[] | false;
  /**
   * Compile each route's schemas (request validators, response serializer) when the route first needs
   * them, instead of all of them before listening (see compiledOnFirstUse).
   */
  compileOnFirstUse?: boolean;
}

/**
 * `compile` made lazy: each compiled function is built on its first call. Development and test servers
 * start this way: a test server answers a few dozen of the api's 324 routes, and compiling every route's
 * schemas came to about 1.7 s of CPU of each of the ~110 servers an api test run starts. Production
 * compiles everything before it listens, so that a schema that cannot compile stops the start.
 */
export function compiledOnFirstUse<R, F extends (...args: never[]) => unknown>(compile: (route: R) => F): (route: R) => F {
  return (route) => {
    let compiled: F | undefined;
    const lazy = ((...args: Parameters<F>) => {
      compiled ??= compile(route);
      const out = compiled(...args);
      // An Ajv validator reports its errors on itself, where Fastify reads them.
      (lazy as { errors?: unknown }).errors = (compiled as { errors?: unknown }).errors;
      return out;
    }) as F;
    return lazy;
  };
}

const eagerSerializers = SerializerSelector();

export function createFastify(opts: ServerOptions): App {
  const app = Fastify({
    logger: opts.logger ? { level: process.env.LOG_LEVEL ?? 'info' } : false,
    bodyLimit: BODY_LIMIT,
    requestTimeout: REQUEST_TIMEOUT_MS,
    genReqId: () => crypto.randomUUID(),
    ...(opts.compileOnFirstUse && {
      schemaController: {
        compilersFactory: {
          buildSerializer: (externalSchemas: unknown, options: Parameters<typeof eagerSerializers>[1]) =>
            compiledOnFirstUse(eagerSerializers(externalSchemas, options)),
        },
      },
    }),
    requestIdHeader: false,
    routerOptions: { maxParamLength: 200 },
    // req.ip (every per-address limit's key) is the client's only when the proxies in front are trusted.
    // A hop count as the function proxy-addr makes of it (the option's type takes no number).
    trustProxy: typeof opts.trustProxy === 'number' ? trustHops(opts.trustProxy) : (opts.trustProxy ?? false),
  }).withTypeProvider<TypeBoxProvider>();
  return app;
}
