// The booking flow's state lives in the URL (step and choices), so reload, back and forward all work.
export const STEPS = ['Session', 'Length', 'Date', 'Time', 'Confirm', 'Payment', 'Booked'] as const;
export const LAST_STEP = STEPS.length;

/**
 * The steps the list shows: only those that ask something (session, length), date and time as one, and
 * Payment only when something is paid (a session a company package covers, or a free one, has none).
 */
export function shownSteps(asks: { session: boolean; length: boolean }, paying: boolean): { name: string; n: number }[] {
  return STEPS.map((name, i) => ({ name: i + 1 === 3 ? 'Date and time' : name, n: i + 1 })).filter(
    (x) => x.n !== 4 && (x.n !== 1 || asks.session) && (x.n !== 2 || asks.length) && (x.n !== 6 || paying),
  );
}

export interface BookingParams {
  provider: string | null;
  step: number;
  mode: 'online' | 'offline' | null;
  /** ancillary_assessment: the provider's assessment (its own fee and length; no length step). */
  type: 'individual' | 'couple' | 'ancillary_assessment';
  centre: number | null;
  /** Session length in minutes, one of the provider's offered durations. */
  duration: number | null;
  date: string | null;
  tz: string | null;
  slot: string | null;
  booking: string | null;
  tx: string | null;
}

export function readBookingParams(search: string): BookingParams {
  const q = new URLSearchParams(search);
  const step = Number(q.get('step'));
  const mode = q.get('mode');
  const centre = Number(q.get('centre'));
  const duration = Number(q.get('duration'));
  return {
    provider: q.get('provider'),
    step: Number.isInteger(step) && step >= 1 && step <= LAST_STEP ? step : 1,
    mode: mode === 'online' || mode === 'offline' ? mode : null,
    type:
      q.get('type') === 'couple' || q.get('type') === 'ancillary_assessment'
        ? (q.get('type') as 'couple' | 'ancillary_assessment')
        : 'individual',
    centre: Number.isInteger(centre) && centre > 0 ? centre : null,
    duration: Number.isInteger(duration) && duration > 0 ? duration : null,
    date: /^\d{4}-\d{2}-\d{2}$/.test(q.get('date') ?? '') ? q.get('date') : null,
    tz: q.get('tz'),
    slot: q.get('slot'),
    booking: q.get('booking'),
    tx: q.get('tx'),
  };
}

/** The query for `next`, keeping every other parameter (company, ...) of `search`. */
export function withBookingParams(search: string, next: Partial<Record<keyof BookingParams, string | number | null>>): string {
  const q = new URLSearchParams(search);
  for (const [k, v] of Object.entries(next)) {
    if (v === null || v === undefined || v === '') q.delete(k);
    else q.set(k, String(v));
  }
  return `?${q.toString()}`;
}
