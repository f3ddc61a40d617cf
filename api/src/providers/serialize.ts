// A provider's row and its public shapes (list summary, detail).
export interface ProviderRow {
  id: number;
  uuid: string;
  firstname: string;
  lastname: string;
  roles: string[];
  gender: string;
  languages: string[];
  price_tier: number;
  concerns: string[];
  currency: string;
  online_offering: Offering | null;
  offline_offering: Offering | null;
  commercials: { medium: string } | null;
  clinic_centre_ids: number[];
  bio: string;
  experience_years: number;
  timezone: string;
  work_days: number[];
  work_start_hour: number;
  work_end_hour: number;
  is_support_provider: boolean;
  offered_durations: number[];
  qualification: string | null;
  registration_council: string | null;
  registration_number: string | null;
  approach: string | null;
  avatar_file: string | null;
  offer: {
    discount_amount: { value: number; currency: string } | null;
    discount_amount_currency: string | null;
    discount_percentage: number | null;
  } | null;
}
interface Offering {
  minimum_fee: number;
  currency: string;
  display_text: string;
  international_pricing_display_text: string;
  international_price?: { amount: number; currency: string } | null;
  couple: {
    offering_couple: boolean;
    minimum_fee: number;
    display_text: string;
    international_pricing_display_text: string;
    international_price?: { amount: number; currency: string } | null;
  } | null;
}

export function providerSummary(p: ProviderRow, earliest: number | null) {
  return {
    uuid: p.uuid,
    firstname: p.firstname,
    lastname: p.lastname,
    roles: p.roles,
    gender: p.gender,
    languages: p.languages,
    price_tier: p.price_tier,
    concerns: p.concerns,
    earliest_available_datetime: earliest === null ? null : new Date(earliest).toISOString(),
    online_offering: p.online_offering,
    offline_offering: p.offline_offering,
    commercials: p.commercials,
    clinic_centre_ids: p.clinic_centre_ids,
    experience_years: p.experience_years,
    is_support_provider: p.is_support_provider,
    offer: p.offer ?? null,
  };
}
export function providerDetail(p: ProviderRow, earliest: number | null) {
  return { ...providerSummary(p, earliest), bio: p.bio, timezone: p.timezone };
}
