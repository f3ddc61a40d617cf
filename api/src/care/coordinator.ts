// Messages to a care coordinator (a provider with the care-coordinator role), who answers by call or
// e-mail; the patient gets an in-app notification and an e-mail acknowledging it.
import { notFound } from '../core/http.js';
import { deliver } from '../core/outbox.js';
import type { Queryable } from '../db/index.js';
import { notify } from '../bookings/index.js';
import { careCoordinatorReceived } from '../messages/index.js';

export const COORDINATOR_TOPICS = ['finding_care', 'booking', 'payments', 'other'] as const;
type Topic = (typeof COORDINATOR_TOPICS)[number];
type ContactBy = 'call' | 'email';
type Row = {
  uuid: string;
  topic: Topic;
  message: string;
  contact_by: ContactBy;
  status: 'open' | 'answered';
  created_at: Date;
  p_uuid: string;
  firstname: string;
  lastname: string;
};
const SELECT = `SELECT r.uuid::text, r.topic, r.message, r.contact_by, r.status, r.created_at, p.uuid::text AS p_uuid, p.firstname, p.lastname
  FROM care_coordinator_requests r JOIN providers p ON p.id = r.provider_id`;
const serialize = (r: Row) => ({
  uuid: r.uuid,
  topic: r.topic,
  message: r.message,
  contact_by: r.contact_by,
  status: r.status,
  created_at: new Date(r.created_at).toISOString(),
  provider: { uuid: r.p_uuid, firstname: r.firstname, lastname: r.lastname },
});

/** One of the user's own messages to a care coordinator; 404 for anyone else's. */
export async function coordinatorRequest(q: Queryable, uuid: string, userId: number) {
  const [r] = await q.query<Row>(`${SELECT} WHERE r.uuid::text = $1 AND r.user_id = $2`, [uuid, userId]);
  if (!r) throw notFound(`No request ${uuid}`);
  return serialize(r);
}

/** The user's messages to care coordinators, newest first. */
export async function coordinatorRequestsOf(q: Queryable, userId: number) {
  return (await q.query<Row>(`${SELECT} WHERE r.user_id = $1 ORDER BY r.created_at DESC, r.id DESC`, [userId])).map(serialize);
}

/**
 * Records a message to a coordinator and acknowledges it: an in-app notification, and an e-mail to the
 * account's address (a profile's is its parent's). Call it inside a transaction. Returns its uuid.
 */
export async function writeToCoordinator(
  q: Queryable,
  userId: number,
  p: { id: number; firstname: string; lastname: string },
  m: { topic: Topic; message: string; contact_by: ContactBy },
): Promise<string> {
  const name = `${p.firstname} ${p.lastname}`;
  const how = m.contact_by === 'call' ? 'call you' : 'write to you';
  const [r] = await q.query<{ uuid: string }>(
    `INSERT INTO care_coordinator_requests (user_id, provider_id, topic, message, contact_by) VALUES ($1, $2, $3, $4, $5) RETURNING uuid::text`,
    [userId, p.id, m.topic, m.message, m.contact_by],
  );
  await notify(q, userId, {
    kind: 'care_coordinator',
    title: `Your message to ${name}`,
    body: `${name} has your message and will ${how} within one working day.`,
    link: '/booking/care-coordinator',
  });
  const [u] = await q.query<{ email: string | null }>(
    `SELECT COALESCE(u.email, pa.email) AS email FROM users u LEFT JOIN users pa ON pa.id = u.parent_user_id WHERE u.id = $1`,
    [userId],
  );
  if (u?.email) await deliver(q, { channel: 'email', to: u.email, ...careCoordinatorReceived(name, how) });
  return r!.uuid;
}
