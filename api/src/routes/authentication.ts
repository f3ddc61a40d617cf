// The http layer's authentication (hooks app.ts wires, not a route): who is calling (devise headers, a
// secondary profile) on every request, and the rotated credentials on a successful answer.
import type { FastifyRequest } from 'fastify';
import type { App, Ctx } from '../core/http.js';
import { authenticateHeaders, rotate, setCredentialHeaders } from '../identity/index.js';

export function registerAuthentication(app: App, ctx: Ctx): void {
  app.decorate('authenticate', async (req: FastifyRequest) => {
    const { check, user, actor } = await authenticateHeaders(ctx, req.headers);
    req.authCheck = check;
    req.user = user;
    req.actor = actor;
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
}
