// The internal tracker's endpoint (every stage): the web client's analytics events, batched. Public like
// the analytics library's own endpoint (events are sent before sign-in too), limited per client address.
import { Type } from '@sinclair/typebox';
import { badRequest, type App } from '../core/http.js';
import { limitsOf } from '../core/limits.js';
import { eventsMaxRows, oversizedEvent, storeEvents, TELEMETRY_MAX_PROPERTIES_BYTES } from '../analytics/index.js';

const Event = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  properties: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  timestamp: Type.Optional(Type.Integer({ minimum: 0 })),
  user_id: Type.Optional(Type.Integer()),
  anonymous_id: Type.Optional(Type.String({ maxLength: 200 })),
});

export async function telemetryRoutes(app: App) {
  const { ctx } = app;
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
      await storeEvents(ctx.db, req.body.events, maxRows);
      reply.status(202);
      return { accepted: req.body.events.length };
    },
  );
}
