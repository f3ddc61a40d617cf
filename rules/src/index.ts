// @haven/rules: the product's pure rules, the same for the api and the web client. Each takes an input of
// its own (plain facts), never the api's database row or the client's store, and imports no framework,
// no store, no HTTP client and nothing outside this package (eslint.config.mjs holds it to that).

// Accounts: avatars, the PIN, uploads.
export {
  AVATAR_COLOURS,
  AVATAR_FOLDER,
  DEFAULT_AVATAR_FILE,
  avatarColour,
  avatarImage,
  avatarInitials,
  avatarUrl,
  defaultAvatarUrl,
  isAvatarUrl,
} from './account/avatar';
export {
  ageConfirmationOf,
  consentParty,
  consentWording,
  type ConsentParty,
  type ConsentProfileFacts,
  type ConsentWording,
} from './account/consent-party';
export {
  NEW_PROFILE_MESSAGES,
  PROFILE_RELATIONSHIPS,
  PROFILE_RELATIONSHIP_LABELS,
  isGuardianRelationship,
  isProfileRelationship,
  newProfileProblem,
  type NewProfileFacts,
  type NewProfileProblem,
  type ProfileRelationship,
} from './account/profile-relationship';
export { CREDENTIALS_STORAGE_KEY } from './account/credentials-key';
export { PIN_LENGTH, PIN_MESSAGES, pinProblem, type PinProblem } from './account/pin';
export { parseSignedOutCause, signedOutCause, signedOutNoticeText, type SignedOutCause } from './account/signed-out-notice';
export {
  ALLOWED_UPLOAD_EXTENSIONS,
  DEFAULT_UPLOAD_LIMIT_MB,
  UPLOAD_FORMAT_MESSAGE,
  fileExtension,
  isAllowedUploadContent,
  isAllowedUploadExtension,
  uploadProblem,
  uploadSizeMessage,
  type UploadExtension,
} from './account/upload';

// Care tools and communities: what a tool asks for, the community username check.
export { MAX_ANSWER_LENGTH, toolAnswersProblem, type ToolAnswers, type ToolField } from './care/tool-answers';
export { USERNAME_MAX, USERNAME_MIN, USERNAME_TAKEN, usernameProblem } from './care/community-username';

// Assessments: the answers that raise a risk flag.
export { RISK_RULES, assessmentRiskFlags, hasRiskAnswer, type RiskFlag, type RiskRule } from './assessments/assessment-risk';
export {
  ASSESSMENT_BANDS,
  instrumentBands,
  scorePlace,
  severityOf,
  type InstrumentBands,
  type NextStepKind,
  type ScoreBand,
  type ScorePlace,
} from './assessments/assessment-bands';

// Prices and payments: one price rule (list price, schedule discount, offer, coupon, package credit, in the
// patient's currency), what a card shows, what an invoice and a cancellation say.
export {
  PriceError,
  cardPrice,
  couponAmount,
  currencyFor,
  listPrice,
  offerAmount,
  priceOf,
  priceText,
  sumOfLines,
  type Price,
  type PriceCoupon,
  type PriceInput,
  type PriceLine,
  type PriceLineKind,
  type PriceOffering,
  type ProviderOffer,
  type SessionType,
} from './payments/price';
export {
  UNKNOWN_LOCATION_ZONE,
  asPriceOffering,
  locationIsInternational,
  patientPricing,
  providerCardPrice,
  sessionPrice,
  type LocationDetails,
  type PatientPricing,
  type ShownPrice,
} from './payments/patient-price';
export { cancelReturn, cancelReturnText, type CancelReturn, type CancellableBooking } from './payments/cancel-return';
export {
  EXTENSION_CAP,
  EXTENSION_MINUTES,
  EXTENSION_OFFER_MINUTES,
  extensionOffered,
  extensionPrice,
  type ExtensionPriceInput,
} from './payments/session-extension';
export { discountAt, discountedFee, discountText, type AppliedDiscount, type ScheduleDiscountRule } from './booking/schedule-discount';
export type { InternationalPrice, Offer, OfferingPrice, ProviderPricingFacts } from './providers/offering';
export { currencySymbol, moneyText, providerFee, type ProviderFee } from './providers/provider-fee';
export { offerText } from './providers/offer-text';
export { COUPON_FLAG, couponFlagEnabled, couponText, listingCoupons, type PublicCoupon } from './providers/listing-coupons';
export {
  ANCILLARY_SESSION_TYPE,
  ancillaryFee,
  ancillaryFeeText,
  ancillaryModes,
  type AncillaryOfferingFees,
} from './providers/ancillary-assessment';

// Plans: what a patient's plan lets them book (kinds of care, online or in clinic, clinic cities).
export {
  ALL_BOOKING_OPTIONS,
  CARE_KIND_OF_ROLE,
  CITY_CODES,
  CLINIC_CITIES,
  PLANS,
  ROLE_OF_CARE_KIND,
  bookingOptions,
  cityCode,
  cityOffered,
  isPlanCode,
  notOfferedMessage,
  offeredRoles,
  parseCityCode,
  providerOffered,
  roleOffered,
  type BookingOptions,
  type CareKind,
  type CityCode,
  type ClinicCity,
  type PlanCode,
  type PlanFacts,
  type SessionMode,
} from './plans/plan-visibility';
export { PACKAGE_ROLES, coversText, packageCoveredRoles, packageStatement, planRoleFilter } from './plans/package-covers';

// Providers and booking.
export { CLINICIAN_FACING_ROLES, isClinicianFacingProvider, roleLabels } from './providers/provider-roles';
export { isProviderLikeUser, type ProviderLikeInput } from './account/provider-like-user';
export { PARTICIPANT_MESSAGES, participantProblem, type ParticipantInput, type ParticipantProblem } from './booking/couple-participant';

// Sessions: the session room's address and when it opens; what vouches for a chat key in it.
export {
  JOIN_WINDOW_MINUTES,
  SECONDARY_TOKEN_QUERY,
  SESSION_ROOM_PLATFORMS,
  WEB_APP_QUERY_FLAG,
  base64Json,
  decodeBase64Json,
  isJoinOpen,
  readSessionRoomPayload,
  sessionRoomAddress,
  sessionRoomPlatform,
  sessionRoomReturnPath,
  type SessionRoomAddressInput,
  type SessionRoomEntry,
  type SessionRoomPlatform,
} from './sessions/session-room-address';
export {
  CHAT_KEY_PROOF_AUDIENCE,
  CHAT_KEY_PROOF_ISSUER,
  chatKeyProofProblem,
  chatKeyThumbprintInput,
  chatPublicKeyOf,
  type ChatKeyExpectation,
  type ChatKeyProofProblem,
  type ChatKeyRole,
  type ChatPublicKey,
} from './sessions/chat-key-proof';

// Single sign-on: which e-mail domain to check.
export { PUBLIC_MAILBOX_DOMAINS, domainCandidates, emailBelongsToDomain, ssoDomainToCheck } from './sso/sso-domain';

// Zoned time: the patient's zone and how an instant reads in it.
export { INDIAN_TIMEZONES, isIndianTimezone } from './time/indian-timezone';
export { DEFAULT_TIMEZONE, isForeignTimezone } from './time/slot-label';
export { isValidTimeZone, slotLabel, slotText, zoneName, zonePlace, type SlotLabel } from './time/zoned-time';
export { patientZone, type PatientZone, type PatientZoneLocation } from './time/patient-zone';

// Validation of what a person types: names, e-mail, phone, numbers, dates of birth.
export { ADULT_AGE, ageOn, isAdult } from './validation/adult';
export { DATE_OF_BIRTH_MESSAGES, OLDEST_AGE, dateOfBirthProblem, type DateOfBirthProblem } from './validation/birth-date';
export {
  BLOCKED_EMAIL_DOMAINS,
  EMAIL_MESSAGES,
  emailDomain,
  emailProblem,
  isBlockedEmailDomain,
  isValidEmail,
  type EmailProblem,
} from './validation/email';
export { isValidName, normaliseName, sanitizeName } from './validation/name';
export { digitsOnly, isAllowedNumericKey, isValidNumber } from './validation/numeric';
export { DEFAULT_PHONE_COUNTRY, isValidPhone, maxPhoneLength, phoneLengthsOf, type PhoneCountry } from './validation/phone';

// Labels: a stored word (concern, language, category, mood) as a person reads it.
export { INITIALISMS, wordLabel } from './providers/label';

// Analytics: what an event and an address may carry (no credentials, no contacts).
export { REDACTED, sanitizeAddress, sanitizeProperties } from './analytics/sanitize';
export { NEXT_SESSION_MIN_GAP_MS, nextSessionEarliestStart, type NextSessionFacts } from './sessions/next-session-window';
export { analyticsPage, ID_ROUTES, looksLikeId, pathPattern } from './analytics/page-pattern';
