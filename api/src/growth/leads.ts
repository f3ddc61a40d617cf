// The leads forms (organisations, careers, colleges, case studies, the children-first programme): each
// kind has its own fields, checked by the route's schema; the lead is stored and acknowledged by e-mail.
// The acknowledgement names only the kind: nothing the visitor typed goes into a message.
import type { Db } from '../db/index.js';
import { deliver } from '../core/outbox.js';
import { leadReceived } from '../messages/index.js';

export const LEAD_KINDS = ['b2b', 'careers', 'college', 'case_study', 'cf'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/** Stores one lead and writes its acknowledgement in the same transaction. */
export async function storeLead(db: Db, kind: LeadKind, email: string, fields: Record<string, unknown>): Promise<string> {
  return db.tx(async (q) => {
    const [row] = await q.query<{ id: number | string }>(`INSERT INTO leads (kind, email, fields) VALUES ($1, $2, $3) RETURNING id`, [
      kind,
      email,
      JSON.stringify(fields),
    ]);
    await deliver(q, { channel: 'email', to: email, ...leadReceived(kind) });
    return String(row!.id);
  });
}
