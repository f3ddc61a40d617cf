// What a patient gets back when they cancel a booking, as the api does it (api/src/lib/refunds.ts and the
// package count): a paid session cancelled before it starts is refunded in full (the amount paid, which
// is the booking's price) with a credit note; a session paid with a package credit gives the credit back;
// a hold that was never paid, or a free session, has nothing to give back. After the start nothing is
// cancelled. The cancel dialog says it before the patient confirms.
import { priceText } from './price';

export interface CancellableBooking {
  status: string;
  /** What the booking costs (the one price rule's total): what was paid when it is confirmed. */
  fee: number;
  currency: string;
  start_time: string;
  /** The price's lines (an older booking may have none: its fee was paid as it stands). */
  price_lines?: ReadonlyArray<{ kind: string }>;
}

export type CancelReturn =
  { kind: 'refund'; amount: number; currency: string } | { kind: 'credit' } | { kind: 'nothing_paid' } | { kind: 'too_late' };

export function cancelReturn(b: CancellableBooking, now: number): CancelReturn {
  if (Date.parse(b.start_time) <= now) return { kind: 'too_late' };
  if (b.status !== 'confirmed') return { kind: 'nothing_paid' };
  if ((b.price_lines ?? []).some((l) => l.kind === 'package')) return { kind: 'credit' };
  if (b.fee > 0) return { kind: 'refund', amount: b.fee, currency: b.currency };
  return { kind: 'nothing_paid' };
}

/** The cancel dialog's sentence for what comes back. */
export function cancelReturnText(r: CancelReturn): string {
  switch (r.kind) {
    case 'refund':
      return `You get back ${priceText(r.amount, r.currency)}, the full amount you paid, to the way you paid, with a credit note.`;
    case 'credit':
      return 'The package session you used comes back to your package.';
    case 'nothing_paid':
      return 'Nothing was paid for this session, so nothing is charged or refunded.';
    case 'too_late':
      return 'This session has started, so it can no longer be cancelled or refunded.';
  }
}
