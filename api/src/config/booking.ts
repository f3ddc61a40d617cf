// Booking constants of the api (documented in api/README.md, "Booking").

/**
 * How long a pending booking holds its slot while the patient pays (the temporary transaction's
 * checkout). After it the hold lapses: the booking becomes `expired`, its unpaid transaction too, and
 * the slot is free again, so an abandoned checkout (a closed tab) never blocks a slot for good.
 */
export const PAYMENT_HOLD_MINUTES = 15;

/** Session lengths a provider offers when the seed or an admin sets none (spec §7 "offered durations"). */
export const DEFAULT_DURATIONS = [50] as const;
