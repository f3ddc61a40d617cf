import type { Queryable } from '../db/index.js';

/** Development outbox: every SMS, WhatsApp message and e-mail the api "sends" is stored here. */
export async function deliver(
  q: Queryable,
  m: { channel: 'sms' | 'whatsapp' | 'email'; to: string; subject: string; body: string; code?: string },
) {
  await q.query(`INSERT INTO outbox (channel, recipient, subject, body, code) VALUES ($1, $2, $3, $4, $5)`, [
    m.channel,
    m.to.toLowerCase(),
    m.subject,
    m.body,
    m.code ?? null,
  ]);
}
