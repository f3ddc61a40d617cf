// Booking constants of the api (documented in api/README.md, "Booking").

/**
 * How long a pending booking holds its slot while the patient pays (the temporary transaction's
 * checkout). After it the hold lapses: the booking becomes `expired`, its unpaid transaction too, and
 * the slot is free again, so an abandoned checkout (a closed tab) never blocks a slot for good.
 */
export const PAYMENT_HOLD_MINUTES = 15;

/** Session lengths a provider offers when the seed or an admin sets none (product rules, Providers and fees: "offered durations"). */
export const DEFAULT_DURATIONS = [50] as const;

/**
 * Until when a booking can be cancelled or moved: this many minutes before it starts. 0: until the start
 * (the refund rule refunds in full whatever is cancelled before the start, and the spec names no fee
 * for late cancellation, so an earlier cut-off would only take a choice away). After the start a session
 * is being held: it ends completed (the sweep) or a no-show, never moved or refunded.
 */
export const CHANGE_CUTOFF_MINUTES = 0;

/**
 * Unpaid holds an account (the parent and all its profiles) may have at once. Three: a patient may weigh
 * another time or book for a profile while a checkout is open, but cannot hold a provider's whole day.
 */
export const MAX_UNPAID_HOLDS = 3;

/**
 * Holds one account (the parent and all its profiles) may have on one provider's day (the provider's
 * local date) at once, free or priced. One: two accounts holding three times each once took six of a
 * provider's seven free times of a day; a patient who wants a second time that day pays for or leaves
 * the first.
 */
export const MAX_HOLDS_PER_PROVIDER_DAY = 1;
