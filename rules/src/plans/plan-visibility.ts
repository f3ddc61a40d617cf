/**
 * Product rules, Plan visibility: appVisibility applied to booking, with the city codes and plans: which kinds of care a
 * patient may book, online or in clinic, and in which clinic cities. The one rule every place that
 * offers a booking uses (landing, lists and filters, profile, switch, matching, care team, waitlist,
 * deep links), and the api enforces (POST /bookings, waitlist join, provider switch).
 *
 * Readings (docs/plan-visibility.md):
 * - The visibility flags describe an organisation's plan. A self-paying patient (no organisation) is
 *   not limited by a plan: every kind, online and in every clinic city, as far as providers offer it.
 *   (product rules, Plan visibility: default "offline modes off" is the dashboard's default; in-clinic booking stays open to them.)
 * - On an organisation's plan, a kind is bookable online when `is_X_offered`, in clinic when also
 *   `is_X_offered_offline`, and only in the clinic cities of its plan code.
 * - Plan codes (product rules, Plan visibility: "plans 2a, 2b2, 2b3", named with the city codes): 2a is online only in every city;
 *   2b2 adds in-clinic care in two cities (blr, mum: the first two of the spec's order); 2b3 in all
 *   three. An organisation without a plan code is limited by its flags only.
 */

/** Product rules, Plan visibility: clinic codes, in the spec's order of the city codes. */
export const CLINIC_CITIES = ['blr', 'mum', 'del'] as const;
export type ClinicCity = (typeof CLINIC_CITIES)[number];
export type SessionMode = 'online' | 'offline';

/** Product rules, Plan visibility: offline city codes: online blr_on, mum_on, del_on; offline blr_off, mum_off, del_off. */
export const CITY_CODES = ['blr_on', 'mum_on', 'del_on', 'blr_off', 'mum_off', 'del_off'] as const;
export type CityCode = (typeof CITY_CODES)[number];

/** Product rules, Plan visibility: plans, as the city codes each one covers. */
export const PLANS = {
  '2a': ['blr_on', 'mum_on', 'del_on'],
  '2b2': ['blr_on', 'mum_on', 'del_on', 'blr_off', 'mum_off'],
  '2b3': ['blr_on', 'mum_on', 'del_on', 'blr_off', 'mum_off', 'del_off'],
} as const satisfies Record<string, readonly CityCode[]>;
export type PlanCode = keyof typeof PLANS;

export function isPlanCode(code: unknown): code is PlanCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(PLANS, code);
}

/** A city code's clinic city and mode; null for anything else. */
export function parseCityCode(code: string | null | undefined): { city: ClinicCity; mode: SessionMode } | null {
  const m = /^(blr|mum|del)_(on|off)$/.exec((code ?? '').toLowerCase());
  return m ? { city: m[1] as ClinicCity, mode: m[2] === 'on' ? 'online' : 'offline' } : null;
}

export function cityCode(city: ClinicCity, mode: SessionMode): CityCode {
  return `${city}_${mode === 'online' ? 'on' : 'off'}`;
}

/** The kinds of care app visibility governs. */
export type CareKind = 'therapy' | 'psychiatry' | 'couples';
export const CARE_KIND_OF_ROLE: Readonly<Record<string, CareKind>> = {
  therapist: 'therapy',
  psychiatrist: 'psychiatry',
  couplestherapist: 'couples',
};
export const ROLE_OF_CARE_KIND: Readonly<Record<CareKind, string>> = {
  therapy: 'therapist',
  psychiatry: 'psychiatrist',
  couples: 'couplestherapist',
};

/**
 * The plan facts booking needs: its own input, so the api builds it from the organisation's row and the
 * client from its store, neither through the other's shape. The flags are the organisation's; a patient
 * without an organisation is not on a plan (the flags then do not limit booking).
 */
export interface PlanFacts {
  isOrgPlan: boolean;
  /** The plan's code (2a, 2b2, 2b3), or null: an organisation without one is limited by its flags only. */
  planCode: string | null;
  isTherapyOffered: boolean;
  isPsychiatryOffered: boolean;
  isCoupleTherapyOffered: boolean;
  isTherapyOfferedOffline: boolean;
  isPsychiatryOfferedOffline: boolean;
  isCoupleTherapyOfferedOffline: boolean;
}

export interface BookingOptions {
  online: Record<CareKind, boolean>;
  offline: Record<CareKind, boolean>;
  /** Clinic cities where in-clinic care may be booked (empty: none). */
  offlineCities: ClinicCity[];
}

/** Everything: a signed-out visitor, or a self-paying patient. */
export const ALL_BOOKING_OPTIONS: BookingOptions = {
  online: { therapy: true, psychiatry: true, couples: true },
  offline: { therapy: true, psychiatry: true, couples: true },
  offlineCities: [...CLINIC_CITIES],
};

export function bookingOptions(v: PlanFacts): BookingOptions {
  if (!v.isOrgPlan) return ALL_BOOKING_OPTIONS;
  const codes: readonly string[] = isPlanCode(v.planCode) ? PLANS[v.planCode] : CITY_CODES;
  const offlineCities = CLINIC_CITIES.filter((c) => codes.includes(cityCode(c, 'offline')));
  const online = { therapy: v.isTherapyOffered, psychiatry: v.isPsychiatryOffered, couples: v.isCoupleTherapyOffered };
  const anyCity = offlineCities.length > 0;
  return {
    online,
    offline: {
      therapy: online.therapy && v.isTherapyOfferedOffline && anyCity,
      psychiatry: online.psychiatry && v.isPsychiatryOfferedOffline && anyCity,
      couples: online.couples && v.isCoupleTherapyOfferedOffline && anyCity,
    },
    offlineCities: anyCity ? offlineCities : [],
  };
}

/** Is a role offered (in a mode, or in either)? Roles visibility does not govern (coach, children-first, ...) always are. */
export function roleOffered(o: BookingOptions, role: string, mode?: SessionMode): boolean {
  const kind = CARE_KIND_OF_ROLE[role];
  if (!kind) return true;
  return mode ? o[mode][kind] : o.online[kind] || o.offline[kind];
}

/** May this patient book in clinic in that city? */
export function cityOffered(o: BookingOptions, city: string): boolean {
  return (o.offlineCities as readonly string[]).includes(city);
}

/**
 * Is a provider with these roles bookable (in a mode, or at all)? Yes when one of its governed roles is
 * offered, or when it has no governed role; a couple session needs couples therapy itself.
 */
export function providerOffered(
  o: BookingOptions,
  roles: readonly string[],
  mode?: SessionMode,
  sessionType: 'individual' | 'couple' = 'individual',
): boolean {
  if (sessionType === 'couple') return roles.includes('couplestherapist') && roleOffered(o, 'couplestherapist', mode);
  const governed = roles.filter((r) => CARE_KIND_OF_ROLE[r]);
  if (governed.length === 0) return true;
  return governed.some((r) => roleOffered(o, r, mode));
}

/** The roles a patient may book, of those given (for pickers and filters). */
export function offeredRoles<T extends string>(o: BookingOptions, roles: readonly T[]): T[] {
  return roles.filter((r) => roleOffered(o, r));
}

/** What a refusal says: the spec gives no text; this names the care and points to what is offered. */
export function notOfferedMessage(role: string, mode?: SessionMode): string {
  const kind = CARE_KIND_OF_ROLE[role];
  const what = kind === 'psychiatry' ? 'Psychiatry' : kind === 'couples' ? 'Couples therapy' : 'Therapy';
  return mode === 'offline' ? `${what} in a clinic is not part of your plan.` : `${what} is not part of your plan.`;
}
