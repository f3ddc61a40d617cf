import { slotRefusal } from './booking-calls';

const refusal = (status: number, data: unknown) => ({ isAxiosError: true, response: { status, data } });

// The api's 409s, each told apart: a hold on this provider's day already is the patient's own limit, not a
// time someone else took.
test.each([
  ['another patient took it', refusal(409, { message: 'The selected slot is not available' }), 'slot_taken'],
  ['another patient holds it', refusal(409, { code: 'slot_held', message: 'held' }), 'slot_held'],
  ['my own hold', refusal(409, { code: 'own_hold', booking_uuid: 'b-1' }), 'own_hold'],
  ['my own booking (Back after paying)', refusal(409, { code: 'own_booking', booking_uuid: 'b-1' }), 'own_booking'],
  ['my unpaid holds are full', refusal(409, { code: 'hold_limit', message: 'You already hold 3 unpaid sessions' }), 'hold_limit'],
  [
    "I hold this provider's day already",
    refusal(409, { code: 'provider_day_hold_limit', message: 'You already hold a time with this provider on this day' }),
    'provider_day_hold_limit',
  ],
])('%s', (_case, error, code) => {
  expect(slotRefusal(error)?.code).toBe(code);
});

test('not a 409: no refusal', () => expect(slotRefusal(refusal(500, {}))).toBeNull());
