// The Fastify instance every api process builds: request limits, request ids, which proxies are trusted.
import Fastify from 'fastify';
import type { App, TypeBoxProvider } from './http.js';

export const BODY_LIMIT = 64 * 1024;
/** A request (headers and body) must arrive within this time: slow senders do not hold sockets for ever. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** Trusts the `hops` nearest proxies: X-Forwarded-For is read from the right, that many entries deep. */
const trustHops = (hops: number) => (_addr: string, i: number) => i < hops;

export interface ServerOptions {
  logger?: boolean;
  trustProxy?: number | string[] | false;
}

export function createFastify(opts: ServerOptions): App {
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
  return app;
}
