// The care-coordinator flow (product rules, Providers and fees: provider flow `care_coordinator`): a patient writes to a
// care coordinator (role care-coordinator), who answers by call or e-mail; the patient gets an in-app
// notification and an e-mail acknowledging it. A call can also be booked like any session.
import { Type } from '@sinclair/typebox';
import { unprocessable, type App } from '../core/http.js';
import { limitsOf } from '../core/limits.js';
import { Literals } from '../core/schemas.js';
import { COORDINATOR_TOPICS as TOPICS, coordinatorRequest, coordinatorRequestsOf, writeToCoordinator } from '../care/index.js';
import { providerByUuid } from '../providers/index.js';

const Request = Type.Object({
  uuid: Type.String(),
  provider: Type.Object({ uuid: Type.String(), firstname: Type.String(), lastname: Type.String() }),
  topic: Literals(TOPICS),
  message: Type.String(),
  contact_by: Literals(['call', 'email'] as const),
  status: Literals(['open', 'answered'] as const),
  created_at: Type.String(),
});

export async function careCoordinatorRoutes(app: App) {
  const { ctx } = app;
  const db = ctx.db;

  app.post(
    '/customers/care_coordinator_requests',
    {
      config: { auth: true },
      schema: {
        tags: ['care coordinator'],
        summary: 'Write to a care coordinator; they answer by call or e-mail (acknowledged in the app and by e-mail)',
        body: Type.Object({
          provider_uuid: Type.String({ format: 'uuid' }),
          topic: Literals(TOPICS),
          message: Type.String({ minLength: 1, maxLength: 1000 }),
          contact_by: Literals(['call', 'email'] as const),
        }),
        response: { 201: Type.Object({ data: Request }) },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const limits = limitsOf(ctx);
      await limits.take('coordinator_request_address', req.ip);
      await limits.take('coordinator_request_user', String(req.user.id));
      const p = await providerByUuid(db, b.provider_uuid);
      if (!p.roles.includes('care-coordinator')) throw unprocessable(`${p.firstname} ${p.lastname} is not a care coordinator`);
      const message = b.message.trim();
      if (!message) throw unprocessable('Write a message');
      const uuid = await db.tx((q) => writeToCoordinator(q, req.actor.id, p, { topic: b.topic, message, contact_by: b.contact_by }));
      reply.status(201);
      return { data: await coordinatorRequest(db, uuid, req.actor.id) };
    },
  );

  app.get(
    '/customers/care_coordinator_requests',
    {
      config: { auth: true },
      schema: {
        tags: ['care coordinator'],
        summary: 'My messages to care coordinators, newest first',
        response: { 200: Type.Object({ data: Type.Array(Request) }) },
      },
    },
    async (req) => ({ data: await coordinatorRequestsOf(db, req.actor.id) }),
  );

  app.get(
    '/customers/care_coordinator_requests/:uuid',
    {
      config: { auth: true },
      schema: {
        tags: ['care coordinator'],
        summary: 'One of my messages to a care coordinator',
        params: Type.Object({ uuid: Type.String({ format: 'uuid' }) }),
        response: { 200: Type.Object({ data: Request }) },
      },
    },
    async (req) => ({ data: await coordinatorRequest(db, req.params.uuid, req.actor.id) }),
  );
}
