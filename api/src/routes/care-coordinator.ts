// The care-coordinator flow (product rules, Providers and fees: provider flow `care_coordinator`): a patient writes to a
// care coordinator (role care-coordinator), who answers by call or e-mail; the patient gets an in-app
// notification and an e-mail acknowledging it. A call can also be booked like any session.
import { Type } from '@sinclair/typebox';
import { notFound, unprocessable, type App } from '../core/http.js';
import { limitsOf } from '../core/limits.js';
import { Literals } from '../core/schemas.js';
import { deliver } from '../core/outbox.js';
import { notify } from '../bookings/index.js';
import { providerByUuid } from '../providers/index.js';

const TOPICS = ['finding_care', 'booking', 'payments', 'other'] as const;
const Request = Type.Object({
  uuid: Type.String(), provider: Type.Object({ uuid: Type.String(), firstname: Type.String(), lastname: Type.String() }),
  topic: Literals(TOPICS), message: Type.String(), contact_by: Literals(['call', 'email'] as const), status: Literals(['open', 'answered'] as const), created_at: Type.String(),
});
type Row = { uuid: string; topic: (typeof TOPICS)[number]; message: string; contact_by: 'call' | 'email'; status: 'open' | 'answered'; created_at: Date; p_uuid: string; firstname: string; lastname: string };
const SELECT = `SELECT r.uuid::text, r.topic, r.message, r.contact_by, r.status, r.created_at, p.uuid::text AS p_uuid, p.firstname, p.lastname
  FROM care_coordinator_requests r JOIN providers p ON p.id = r.provider_id`;
const serialize = (r: Row) => ({
  uuid: r.uuid, topic: r.topic, message: r.message, contact_by: r.contact_by, status: r.status, created_at: new Date(r.created_at).toISOString(),
  provider: { uuid: r.p_uuid, firstname: r.firstname, lastname: r.lastname },
});

export async function careCoordinatorRoutes(app: App) {
  const { ctx } = app;
  const db = ctx.db;
  const one = async (uuid: string, userId: number) => {
    const [r] = await db.query<Row>(`${SELECT} WHERE r.uuid::text = $1 AND r.user_id = $2`, [uuid, userId]);
    if (!r) throw notFound(`No request ${uuid}`);
    return serialize(r);
  };

  app.post('/customers/care_coordinator_requests', {
    config: { auth: true },
    schema: {
      tags: ['care coordinator'], summary: 'Write to a care coordinator; they answer by call or e-mail (acknowledged in the app and by e-mail)',
      body: Type.Object({
        provider_uuid: Type.String({ format: 'uuid' }), topic: Literals(TOPICS),
        message: Type.String({ minLength: 1, maxLength: 1000 }), contact_by: Literals(['call', 'email'] as const),
      }),
      response: { 201: Type.Object({ data: Request }) },
    },
  }, async (req, reply) => {
    const b = req.body;
    const limits = limitsOf(ctx);
    await limits.take('coordinator_request_address', req.ip);
    await limits.take('coordinator_request_user', String(req.user.id));
    const p = await providerByUuid(db, b.provider_uuid);
    if (!p.roles.includes('care-coordinator')) throw unprocessable(`${p.firstname} ${p.lastname} is not a care coordinator`);
    const message = b.message.trim();
    if (!message) throw unprocessable('Write a message');
    const name = `${p.firstname} ${p.lastname}`;
    const how = b.contact_by === 'call' ? 'call you' : 'write to you';
    const uuid = await db.tx(async (q) => {
      const [r] = await q.query<{ uuid: string }>(
        `INSERT INTO care_coordinator_requests (user_id, provider_id, topic, message, contact_by) VALUES ($1, $2, $3, $4, $5) RETURNING uuid::text`,
        [req.actor.id, p.id, b.topic, message, b.contact_by]);
      await notify(q, req.actor.id, { kind: 'care_coordinator', title: `Your message to ${name}`, body: `${name} has your message and will ${how} within one working day.`, link: '/booking/care-coordinator' });
      // The acknowledgement goes to the account's e-mail (a profile's is its parent's).
      const [u] = await q.query<{ email: string | null }>(`SELECT COALESCE(u.email, pa.email) AS email FROM users u LEFT JOIN users pa ON pa.id = u.parent_user_id WHERE u.id = $1`, [req.actor.id]);
      if (u?.email) await deliver(q, { channel: 'email', to: u.email, subject: `Your message to ${name}`, body: `${name} has your message and will ${how} within one working day.` });
      return r!.uuid;
    });
    reply.status(201);
    return { data: await one(uuid, req.actor.id) };
  });

  app.get('/customers/care_coordinator_requests', {
    config: { auth: true },
    schema: { tags: ['care coordinator'], summary: 'My messages to care coordinators, newest first', response: { 200: Type.Object({ data: Type.Array(Request) }) } },
  }, async (req) => ({
    data: (await db.query<Row>(`${SELECT} WHERE r.user_id = $1 ORDER BY r.created_at DESC, r.id DESC`, [req.actor.id])).map(serialize),
  }));

  app.get('/customers/care_coordinator_requests/:uuid', {
    config: { auth: true },
    schema: { tags: ['care coordinator'], summary: 'One of my messages to a care coordinator', params: Type.Object({ uuid: Type.String({ format: 'uuid' }) }), response: { 200: Type.Object({ data: Request }) } },
  }, async (req) => ({ data: await one(req.params.uuid, req.actor.id) }));
}
