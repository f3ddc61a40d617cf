// Extending a session that is on (our reading of the spec's "extension invoice"): the patient adds a
// fixed 15 minutes, at most twice per session, only while the room is open and only when the provider has
// nothing booked in the added time. The price is pro-rata of the session per booked minute:
// - a session paid with money: what was paid for it (after any coupon or discount);
// - a session paid with a package credit (the patient's or an employer's): the list price of the session,
//   as the credit covered it;
// - a free session (nothing paid, no package): 0, so it extends at once without a payment.
// Amounts are whole currency units, like every fee; the price is rounded DOWN to a whole unit, so the
// patient is never charged more than the exact share.

export const EXTENSION_MINUTES = 15;
/** How many extensions one session may take. */
export const EXTENSION_CAP = 2;
/** The room offers an extension from this many minutes before the session's end. */
export const EXTENSION_OFFER_MINUTES = 10;

export interface ExtensionPriceInput {
  /** What the patient paid for the session (0 when nothing was paid). */
  paid: number;
  /** A package credit paid for the session. */
  paidByPackage: boolean;
  /** The session's list price (the price rule's list line), used when a package paid. */
  listPrice: number;
  /** The session's booked length, in minutes (before any extension). */
  bookedMinutes: number;
  extensionMinutes?: number;
}

export function extensionPrice(i: ExtensionPriceInput): number {
  const basis = i.paidByPackage ? i.listPrice : i.paid;
  const minutes = i.extensionMinutes ?? EXTENSION_MINUTES;
  if (!(basis > 0) || !(i.bookedMinutes > 0) || !(minutes > 0)) return 0;
  return Math.floor((basis * minutes) / i.bookedMinutes);
}

/** The room shows "Extend" in the session's last minutes, while the cap is not reached. */
export function extensionOffered(endMs: number, now: number, used: number): boolean {
  return used < EXTENSION_CAP && now < endMs && now >= endMs - EXTENSION_OFFER_MINUTES * 60_000;
}
