// Product rules, Booking and time zones: "accepted Indian zones Asia/Kolkata and Asia/Calcutta": the old name is still what some
// browsers (Chromium among them) report, and it must count as India everywhere in the client.

export const INDIAN_TIMEZONES: readonly string[] = ['Asia/Kolkata', 'Asia/Calcutta'];

/** True for either name of India's zone; exact IANA names only (no case folding, no offsets). */
export function isIndianTimezone(zone: string | null | undefined): boolean {
  return typeof zone === 'string' && INDIAN_TIMEZONES.includes(zone);
}
