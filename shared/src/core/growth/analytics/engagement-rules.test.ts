import { isEngagementEvent } from './engagement-rules';

describe('isEngagementEvent (product rules, Attribution and analytics: "a selected list" goes to the engagement tool; our reading in analytics-rules.ts)', () => {
  it.each([
    ['login', true],
    ['new_profile', true],
    ['booking_payment_failed', true],
    ['booking_confirmed', true],
    ['page_view', false],
    ['logout', false],
    ['email_update', false],
    ['phone_update', false],
    ['delete_profile', false],
    ['switch_profile', false],
    ['couple_therapist', false],
    ['ancillary_assessment', false],
    ['provider_switched', false],
    ['provider_declined', false],
    ['matching_feedback', false],
    ['care_coordinator_contact', false],
    ['google_login_failed', false],
    ['Login', false],
    ['', false],
  ])('%s -> %s', (name, expected) => {
    expect(isEngagementEvent(name)).toBe(expected);
  });
});
