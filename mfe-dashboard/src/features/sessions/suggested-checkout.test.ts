import type { SessionBooking } from './api/session-calls';
import { suggestedCheckoutHref } from './suggested-checkout';

const booking = {
  uuid: 'b-1',
  provider: { uuid: 'p-1' },
  mode: 'online',
  session_type: 'individual',
  duration_minutes: 50,
  start_time: '2026-11-30T19:00:00.000Z',
} as unknown as SessionBooking;

describe('suggestedCheckoutHref', () => {
  it.each([
    // [zone, the day the patient sees]
    ['Asia/Kolkata', '2026-12-01'],
    ['America/New_York', '2026-11-30'],
  ])('opens the payment step for the suggested booking and its checkout (%s)', (zone, day) => {
    const url = new URL(suggestedCheckoutHref(booking, 'tx-9', zone, null), 'http://localhost');
    expect(url.pathname).toBe('/booking');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      provider: 'p-1',
      step: '6',
      mode: 'online',
      type: 'individual',
      duration: '50',
      date: day,
      slot: '2026-11-30T19:00:00.000Z',
      tz: zone,
      booking: 'b-1',
      tx: 'tx-9',
    });
  });

  it('a couple session keeps its type', () => {
    const couple = { ...booking, session_type: 'couple' } as SessionBooking;
    expect(new URL(suggestedCheckoutHref(couple, 'tx', 'Asia/Kolkata', null), 'http://x').searchParams.get('type')).toBe('couple');
  });
});
