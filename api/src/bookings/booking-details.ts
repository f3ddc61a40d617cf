// Booking details: the couple partner (booking participants), the discounts a provider's
// schedule gives, and the appointment's links and calendar file. The rules themselves are shared with the
// booking pages ('@haven/rules': booking/couple-participant.ts and booking/schedule-discount.ts).
import { Type } from '@sinclair/typebox';
import type { Queryable } from '../db/index.js';
import { unprocessable } from '../core/http.js';
import { Nullable } from '../core/schemas.js';
import { normaliseEmail, normalisePhone } from '../identity/index.js';
import { localParts } from '../core/time.js';
import type { ProviderRow } from '../providers/index.js';
import { discountAt, type AppliedDiscount, type ScheduleDiscountRule } from '@haven/rules';
import { normaliseName, participantProblem, PARTICIPANT_MESSAGES } from '@haven/rules';

export const ParticipantBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  email: Type.Optional(Nullable(Type.String({ maxLength: 254 }))),
  country_code: Type.Optional(Type.String({ minLength: 1, maxLength: 5, description: 'dial code of the mobile, default 91' })),
  mobile: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
});
export const Participant = Type.Object({
  uuid: Type.String(),
  name: Type.String(),
  email: Nullable(Type.String()),
  mobile: Nullable(Type.String({ description: 'E.164' })),
  invited_at: Nullable(Type.String()),
});
export interface ParticipantRow {
  id: number;
  uuid: string;
  booking_id: number;
  name: string;
  email: string | null;
  mobile: string | null;
  invited_at: Date | string | null;
}
export const serializeParticipant = (p: ParticipantRow) => ({
  uuid: p.uuid,
  name: p.name,
  email: p.email,
  mobile: p.mobile,
  invited_at: p.invited_at ? new Date(p.invited_at).toISOString() : null,
});

/** The partner as stored: the name, a lower-cased e-mail, an E.164 number; 422 naming the field otherwise. */
export function normaliseParticipant(b: { name: string; email?: string | null; country_code?: string; mobile?: string | null }) {
  const problem = participantProblem(b);
  if (problem) throw unprocessable(PARTICIPANT_MESSAGES[problem], { field: problem === 'contact' ? 'email' : problem });
  const email = b.email?.trim() ? normaliseEmail(b.email) : null;
  const mobile = b.mobile?.trim() ? normalisePhone(b.country_code, b.mobile.trim()).e164 : null;
  return { name: normaliseName(b.name), email, mobile };
}

export async function saveParticipant(
  q: Queryable,
  bookingId: number,
  p: ReturnType<typeof normaliseParticipant>,
): Promise<ParticipantRow> {
  // A changed address has not been invited yet.
  const [row] = await q.query<ParticipantRow>(
    `INSERT INTO booking_participants (booking_id, name, email, mobile) VALUES ($1, $2, $3, $4)
     ON CONFLICT (booking_id) DO UPDATE SET name = EXCLUDED.name, email = EXCLUDED.email, mobile = EXCLUDED.mobile, updated_at = now(),
       invited_at = CASE WHEN booking_participants.email IS NOT DISTINCT FROM EXCLUDED.email AND booking_participants.mobile IS NOT DISTINCT FROM EXCLUDED.mobile
                         THEN booking_participants.invited_at END
     RETURNING *, uuid::text AS uuid`,
    [bookingId, p.name, p.email, p.mobile],
  );
  return row!;
}

export async function participantsOf(q: Queryable, bookingId: number): Promise<ParticipantRow[]> {
  return q.query<ParticipantRow>(`SELECT *, uuid::text AS uuid FROM booking_participants WHERE booking_id = $1 ORDER BY id`, [bookingId]);
}

export async function discountRules(q: Queryable, providerId: number): Promise<ScheduleDiscountRule[]> {
  return q.query<ScheduleDiscountRule>(
    `SELECT weekdays, start_hour, end_hour, percent, label FROM provider_schedule_discounts WHERE provider_id = $1 ORDER BY id`,
    [providerId],
  );
}

/** The discount the provider's schedule gives a session starting at `start` (read in the provider's zone). */
export function discountFor(
  rules: readonly ScheduleDiscountRule[],
  p: Pick<ProviderRow, 'timezone'>,
  start: number,
): AppliedDiscount | null {
  return discountAt(rules, localParts(start, p.timezone));
}

const icsTime = (t: number) =>
  new Date(t)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
/** RFC 5545 text: backslash, semicolon and comma escaped, line breaks as \n. */
const icsText = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
/** Lines longer than 75 octets are folded (RFC 5545, section 3.1). */
function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 75;
    while (Buffer.byteLength(rest.slice(0, cut)) > 75) cut--;
    out.push(rest.slice(0, cut));
    rest = ` ${rest.slice(cut)}`;
  }
  out.push(rest);
  return out.join('\r\n');
}

export function calendarFile(e: {
  uid: string;
  start: number;
  end: number;
  now: number;
  summary: string;
  description: string;
  location: string;
  url: string;
}): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Haven//Booking//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${e.uid}@haven`,
    `DTSTAMP:${icsTime(e.now)}`,
    `DTSTART:${icsTime(e.start)}`,
    `DTEND:${icsTime(e.end)}`,
    `SUMMARY:${icsText(e.summary)}`,
    `DESCRIPTION:${icsText(e.description)}`,
    `LOCATION:${icsText(e.location)}`,
    `URL:${e.url}`,
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    'DESCRIPTION:Your session starts in 30 minutes',
    'TRIGGER:-PT30M',
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ]
    .map(fold)
    .join('\r\n');
}

/** A maps search for a clinic's address (no key needed; opens the maps app on phones). */
export const mapUrl = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
