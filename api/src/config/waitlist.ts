// Waitlist constants of the api (documented in api/README.md, "Waitlists").

/**
 * How long a time offered to the first in line is held for them: nobody else can book it until the
 * offer lapses; then it is offered to the next in line.
 */
export const WAITLIST_OFFER_HOLD_MINUTES = 60;

/**
 * How often each api process sweeps lapsed payment holds and lapsed offers, so an opened time reaches
 * the waitlist even when nobody acts (HAVEN_WAITLIST_SWEEP_MS overrides it, tests use a short one).
 */
export const WAITLIST_SWEEP_SECONDS = 30;
