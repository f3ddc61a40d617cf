// `@haven/shared/booking-rules`: the core's booking entry, a Module Federation singleton of its own.
// Provider fees, filters, slot labels and time zones, plan visibility, schedule discounts,
// invoice amounts and ancillary fees (an instant shown in a zone is `/session-times`): what the booking and dashboard routes use, and no other route
// needs at first paint. Only files without state of the root's may live here: they import the root's
// things through '@haven/shared' (a relative import would bundle a second copy).
export { providerFee, currencySymbol, moneyText, type ProviderFee } from '@haven/rules';
export { offerText } from '@haven/rules';
export {
  patientPricing,
  providerCardPrice,
  sessionPrice,
  locationIsInternational,
  type PatientPricing,
  type ShownPrice,
} from '@haven/rules';
export { usePatientPricing } from './use-patient-pricing';
export { priceText } from '@haven/rules';
export { EXTENSION_MINUTES, EXTENSION_OFFER_MINUTES, extensionOffered } from '@haven/rules';
export { listingCoupons, couponText, type PublicCoupon } from '@haven/rules';
export { matchingPayload, MAX_MATCHES_SENT, type MatchingPayload } from './providers/matching-payload';
export { isClinicianFacingProvider, roleLabels, CLINICIAN_FACING_ROLES } from '@haven/rules';
export { careTeam, careTeamRole, myProvidersQuery, CARE_TEAM_LABELS, CARE_TEAM_ROLES, type CareTeamRole } from './providers/care-team';
export {
  concernLabel,
  languageLabel,
  PROVIDER_LANGUAGES,
  providerListHref,
  providerPageDescription,
  providerProfilePath,
} from './providers/public-profile';
export {
  filtersFromQuery,
  queryFromFilters,
  providerSearchQuery,
  ROLE_CODES,
  LANGUAGE_CODES,
  GENDER_CODES,
  CONCERN_CODES,
  MODE_CODES,
  CLINIC_CODES,
  type ProviderFilters,
  type ListFilterKey,
} from './providers/provider-filters';
export { dashboardSections, type DashboardSections } from './dashboard-visibility';
export { childrenFirstStep, CF_INTAKE_ROLE, CF_CLINICIAN_ROLE, type ChildrenFirstStep } from './providers/children-first-step';
export { discountAt, discountedFee, discountText, type AppliedDiscount, type ScheduleDiscountRule } from '@haven/rules';
export {
  bookingOptions,
  roleOffered,
  providerOffered,
  cityOffered,
  offeredRoles,
  notOfferedMessage,
  parseCityCode,
  cityCode,
  isPlanCode,
  ALL_BOOKING_OPTIONS,
  CITY_CODES,
  CLINIC_CITIES,
  PLANS,
  CARE_KIND_OF_ROLE,
  ROLE_OF_CARE_KIND,
  type BookingOptions,
  type CareKind,
  type CityCode,
  type ClinicCity,
  type PlanCode,
  type SessionMode,
} from '@haven/rules';
export { useBookingOptions } from './use-booking-options';
// The booking flow asks a child's consents of the parent before date and time, in the one wording.
export { consentWording } from '@haven/rules';
export { cancelReturn, cancelReturnText, type CancelReturn } from '@haven/rules';
export { ancillaryFee, ancillaryFeeText, ancillaryModes, ANCILLARY_SESSION_TYPE, type AncillaryOfferingFees } from '@haven/rules';
export { isForeignTimezone, isIndianTimezone, DEFAULT_TIMEZONE, INDIAN_TIMEZONES } from '@haven/rules';
