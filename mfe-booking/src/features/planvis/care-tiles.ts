// Each way into care, with the role it books; only the ones the patient's plan offers are shown.
import { roleOffered, type BookingOptions } from '@haven/shared/booking-rules';

/** Each way into care opens the list filtered by its short code (product rules, Providers and fees). */
export const CARE_TILES: ReadonlyArray<{ label: string; href: string; role: string }> = [
  { label: 'Therapy', href: '/providers?t=therapy', role: 'therapist' },
  { label: 'Psychiatry', href: '/providers?t=psychiatry', role: 'psychiatrist' },
  { label: 'Couples therapy', href: '/providers?t=ct', role: 'couplestherapist' },
  { label: 'Coaching', href: '/providers?t=co', role: 'coach' },
  { label: 'Care for children and families', href: '/providers?t=cf', role: 'childenfirstindia' },
  // Assessments are not one kind of care: the page lists those the plan allows (role not governed).
  { label: 'Assessments', href: '/booking/ancillary-assessment', role: 'ancillary_assessment' },
];

export function offeredCareTiles(options: BookingOptions) {
  return CARE_TILES.filter((t) => roleOffered(options, t.role));
}
