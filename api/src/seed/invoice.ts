// The invoice branch's demo additions (called once from seed()): the demo patient paid for a past
// session with Ananya Rao (invoice) and for a session with Rahul Mehta that was cancelled before it
// started and refunded (invoice and credit note). Issued through the same code as a real payment.
import type { Queryable } from '../db/index.js';
import { issueDocument, paidTransaction, type RefundRow } from '../payments/index.js';

const DAY = 86_400_000;

async function pay(q: Queryable, email: string, status: string, lastname: string) {
  const [b] = await q.query<{ id: number; user_id: number; fee: number; currency: string; start_time: Date }>(
    `SELECT b.id, b.user_id, b.fee, b.currency, b.start_time FROM bookings b JOIN users u ON u.id = b.user_id JOIN providers p ON p.id = b.provider_id
      WHERE u.email = $1 AND b.status = $2 AND p.lastname = $3 ORDER BY b.start_time DESC LIMIT 1`,
    [email, status, lastname],
  );
  const paidAt = new Date(b!.start_time).getTime() - 3 * DAY;
  await q.query(
    `INSERT INTO payment_transactions (booking_id, user_id, amount, currency, gateway, status, created_at, updated_at) VALUES ($1, $2, $3, $4, 'simulated', 'paid', $5, $5)`,
    [b!.id, b!.user_id, b!.fee, b!.currency, new Date(paidAt).toISOString()],
  );
  const t = (await paidTransaction(q, b!.id))!;
  await issueDocument(q, 'invoice', t, paidAt);
  return { t, startMs: new Date(b!.start_time).getTime() };
}

export async function seedInvoice(q: Queryable): Promise<void> {
  await pay(q, 'patient@haven.test', 'completed', 'Rao');
  const { t, startMs } = await pay(q, 'patient@haven.test', 'cancelled', 'Mehta');
  const refundedAt = startMs - 2 * DAY;
  const [r] = await q.query<RefundRow>(
    `INSERT INTO payment_refunds (transaction_id, amount, currency, status, reason, created_at) VALUES ($1, $2, $3, 'processed', 'I have a scheduling conflict', $4) RETURNING *`,
    [t.id, t.amount, t.currency, new Date(refundedAt).toISOString()],
  );
  await issueDocument(q, 'credit_note', t, refundedAt, r);
}
