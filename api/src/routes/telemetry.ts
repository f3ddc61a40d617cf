// The internal tracker's endpoint (every stage): the web client's analytics events, batched. Public like
// the analytics library's own endpoint (events are sent before sign-in too), limited per client address.
import { Type } from '@sinclair/typebox';
import { badRequest, HttpError, type App } from '../core/http.js';
import { limitsOf } from '../core/limits.js';
import { eventsMaxRows, oversizedEvent, storeEvents, TELEMETRY_MAX_PROPERTIES_BYTES } from '../analytics/index.js';
import { authenticateHeaders, credentialsOf } from '../identity/index.js';

const Event = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  properties: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  timestamp: Type.Optional(Type.Integer({ minimum: 0 })),
  user_id: Type.Optional(Type.Integer()),
  anonymous_id: Type.Optional(Type.String({ maxLength: 200 })),
});

export async function telemetryRoutes(app: App) {
  const { ctx } = app;
  /**
   * The account whose credentials the request carries, or null (none sent, or not valid: telemetry is
   * public, so a bad credential files the event under nobody rather than refusing it). The credentials
   * are only read here, never rotated: the tracker does not adopt new ones.
   */
  const credentialUser = async (headers: Record<string, unknown>): Promise<number | null> => {
    if (!credentialsOf(headers).token) return null;
    try {
      return (await authenticateHeaders(ctx, headers)).actor.id;
    } catch (e) {
      if (e instanceof HttpError && e.statusCode < 500) return null;
      throw e;
    }
  };
  const maxRows = eventsMaxRows(ctx.isProduction);
  app.post(
    '/telemetry/events',
    {
      schema: {
        tags: ['telemetry'],
        summary: "The internal tracker: store the page's analytics events (credentials and contacts removed again)",
        body: Type.Object({ events: Type.Array(Event, { minItems: 1, maxItems: 100 }) }),
        response: { 202: Type.Object({ accepted: Type.Integer() }) },
      },
    },
    async (req, reply) => {
      await limitsOf(ctx).take('telemetry_address', req.ip);
      const tooBig = oversizedEvent(req.body.events);
      if (tooBig >= 0) throw badRequest(`body/events/${tooBig}/properties is larger than ${TELEMETRY_MAX_PROPERTIES_BYTES} bytes of JSON`);
      const provenUserId = ctx.isProduction ? await credentialUser(req.headers) : null;
      // In production an event names a person only when its request proves one (credentials), never by
      // the user_id the page wrote: anyone could file events under anyone. Outside production the page's
      // own id is kept (the browser suite reads it back).
      const events = ctx.isProduction ? req.body.events.map((e) => ({ ...e, user_id: provenUserId ?? undefined })) : req.body.events;
      await storeEvents(ctx.db, events, maxRows);
      reply.status(202);
      return { accepted: req.body.events.length };
    },
  );
}
