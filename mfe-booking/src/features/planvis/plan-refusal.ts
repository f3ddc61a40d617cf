// Why a booking page cannot offer what it was asked for (a role in the link, a provider, a clinic city),
// by the shared plan rule; null when it can.
import {
  cityOffered,
  notOfferedMessage,
  parseCityCode,
  providerOffered,
  roleOffered,
  CARE_KIND_OF_ROLE,
  type BookingOptions,
} from '@haven/shared/booking-rules';

export const CITY_NAMES: Record<string, string> = { mum: 'Mumbai', del: 'Delhi NCR', blr: 'Bengaluru' };

export function planRefusal(
  options: BookingOptions,
  asked: { role?: string | null; mode?: 'online' | 'offline' | null; city?: string | null; providerRoles?: readonly string[] | null },
): string | null {
  const mode = asked.mode ?? undefined;
  if (asked.role && !roleOffered(options, asked.role, mode)) return notOfferedMessage(asked.role, mode);
  if (asked.providerRoles && !providerOffered(options, asked.providerRoles, mode)) {
    return notOfferedMessage(asked.providerRoles.find((r) => CARE_KIND_OF_ROLE[r]) ?? 'therapist', mode);
  }
  const city = parseCityCode(asked.city)?.city ?? asked.city;
  if (city && (mode === 'offline' || parseCityCode(asked.city)?.mode === 'offline') && !cityOffered(options, city)) {
    return options.offlineCities.length === 0
      ? 'Sessions in a clinic are not part of your plan.'
      : `Sessions in a clinic in ${CITY_NAMES[city] ?? city} are not part of your plan.`;
  }
  return null;
}
