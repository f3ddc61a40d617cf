// `@haven/shared`: the web core, one Module Federation singleton on every page. Explicit named exports only,
// and only what the apps and the core's lazy entries (shared/src/entries, docs/contracts.md) import: every
// name costs every page bytes. The core's own files and tests reach its internals relatively.

// --- config and platform ---
export {
  loadRuntimeConfig,
  getRuntimeConfig,
  setRuntimeConfig,
  isRuntimeConfigLoaded,
  isProduction,
  type RuntimeConfig,
  type GrowthConfig,
  type FirebaseConfig,
  type IceServer,
  type IceTransportPolicy,
  type SupportContacts,
  type AppStoreLinks,
  type Stage,
} from './config/runtime-config';
export { reportError, reportUncaughtErrorsUntilSinkStarts, type ErrorSink, type ErrorContext } from './reporting/report-error';
export { isNativeWebview, requestWebviewClose } from './platform/native-bridge';
export { afterPagePainted } from './platform/page-painted';
export { browserTimeZone } from './platform/browser-time-zone';
export {
  storageGet,
  storageSet,
  storageRemove,
  ACTING_PROFILE_KEY,
  COMPANY_DETAILS_KEY,
  PARTNER_VERIFIED_KEY,
  SECONDARY_TOKEN_KEY,
} from './platform/storage-keys';
export { navigateInApp, type Navigate } from './platform/app-navigation';
export { type DeviceInfoPayload } from './platform/device-info';
// launch query parameters (product rules, Entry parameters: "Query parameters read on load")
export {
  readLaunchParams,
  applyLaunchParams,
  scrollToSection,
  type LaunchParams,
  type AppliedLaunchParams,
  type LaunchParamStorages,
} from './platform/query-params';
export { isEditDisabled, isInstalledWebApp, APP_OWNED_FIELD_NOTE, type AppOwnedField } from './platform/entry-params';

// --- credentials and api client ---
export { getCredentials, setCredentials, type Credentials, type CredentialsListener } from './credentials/credential-store';
export { apiClient, type ApiClient, type ApiClientOptions } from './api/client';
export { isApiError } from './api/api-error';
export { isCancelledRequest } from './api/cancelled';
export { apiErrorCodeOf, serverErrorMessage, httpStatusOf, retryAfterSeconds } from './api/error-message';
export { loadAppVisibility } from './api/load-app-visibility';
// The api's OpenAPI contract (types only), for remotes typing their calls' answers.
export type { components as ApiComponents, paths as ApiPaths } from './api/schema.generated';
// Every call module types its requests and answers through these (a lint rule refuses hand-written shapes there).
export type { Answer, ApiErrorBody, ApiMethod, ApiRoute, ApiSchema, Body, Query } from './api/contract';
export { type SessionLossDeps, SIGNED_OUT_NOTICE_EVENT, takeSignedOutNotice } from './api/session-loss';
export { signedOutNoticeText, type SignedOutCause, wordLabel } from '@haven/rules';
export { type Anomaly, type OwnContact } from './api/anomaly-check';

// --- state ---
export { havenStore, useHavenStore, type HavenState, type HavenSlices, type HavenStore, type HavenStoreOptions } from './state/store';
export { finishBoot, useAppLoaded, whenAppLoaded } from './state/app-loaded';
export { organisationFromMeta, type Organisation } from './state/organisation';
export { type AppVisibility, type AppVisibilityResponse } from './state/app-config';
export { policyDayLabel, type NewPrivacyPolicy } from './state/new-privacy-policy';
// The checks of untrusted values (storage), for the sign-in entry's storedPageData reader.
export { isPlainObject, isSafeJson } from './state/validate';
export { NUDGE_ORDER, NUDGE_SECTIONS, type Nudge, type NudgeSection, type Nudges } from './state/nudge';
export { type UserLocation, type UserLocationResponse } from './state/user-location-details';
export type { Clinic } from './state/clinics';
export type { Offer } from './state/offer';
export type { Consents } from './state/consent';
export type { PackageDetails } from './state/package';
export type { CoachmarkingData } from './state/coachmarking';
export type { InitialAssessmentData } from './state/initial-assessment';
export type {
  AuthUser,
  DeviceInfo,
  PartnerMetaInfo,
  Provider,
  OfferingPrice,
  Booking,
  Profile,
  AttributionRecord,
  UtmData,
  MarketingData,
} from './state/types';

// --- events ---
export { eventBus, type EventBus, type EventHandler, type HavenEvents, type ProfileEventName } from './events/event-bus';

// --- growth (attribution, analytics, location, flags, error reporting: loaded lazily after first paint) ---
export { startGrowth } from './growth/start-growth';
export { captureReferralCode, storedReferralCode, clearReferralCode, REFERRAL_CODE_KEY, type ReferralFields } from './growth/referral-code';
export { ensureLocation } from './growth/location/location-refresh';
export { currentDeviceInfo } from './growth/current-device-info';

// --- realtime ---
export { readOnce, openRealtimeApp, type Realtime, type PresenceStatus } from './realtime/realtime-client';
export { subscribeCurrentCourse, type RealtimeUserRecord } from './realtime/user-record';
export { type EmulatorHost } from './realtime/emulator-host';

// --- rules ---
export { isValidEmail, emailProblem, EMAIL_MESSAGES, type EmailProblem } from '@haven/rules';
export { sanitizeName, normaliseName, isValidName } from '@haven/rules';
export { participantProblem, PARTICIPANT_MESSAGES, type ParticipantInput, type ParticipantProblem } from '@haven/rules';
export { ssoDomainToCheck } from '@haven/rules';
export { safeRedirectPath } from './rules/redirects/safe-redirect-path';
export { clearStoredPageData, keepTypedText, STORED_PAGE_DATA_KEY, textOwner, type TypedFields } from './rules/redirects/stored-page-data';
export {
  afterLoginRedirect,
  B2B_LANDING_PATH,
  PARTNER_CARD_DASHBOARD_PATH,
  PATIENT_USERTYPE,
  type AfterLoginInput,
  type AfterLoginTarget,
} from './rules/redirects/after-login-redirect';
export { type PageMetaValues } from './rules/default-page-meta';
export { type GoogleOneTapContext } from './rules/should-offer-google-one-tap';
export { bookingLink } from './rules/booking-link';
export {
  ACTIVE_FILTERS_KEY,
  parseActiveFilters,
  serializeActiveFilters,
  clinicCodeOfIds,
  idsOfClinicCode,
  type ActiveFilters,
} from './rules/providers/active-filters';

// --- ui ---
export { Button, type ButtonProps, type ButtonVariant } from './ui/Button/Button';
export { CLICK_THROTTLE_MS } from './ui/Form/click-throttle';
export { useApiRead, type ApiRead, type ApiReadStatus } from './ui/Form/useApiRead';
export { ErrorScreen, ERROR_SCREEN_HEADING, type ErrorScreenProps } from './ui/ErrorScreen/ErrorScreen';
export { focusHeading, focusPageHeadingIfLost, useFocusOnShow } from '../pure/focus/use-focus-on-show';
export { ErrorBoundary, type ErrorBoundaryProps } from './ui/ErrorBoundary/ErrorBoundary';
export { OfflineBanner, OFFLINE_BANNER_TEXT, type OfflineBannerProps } from './ui/OfflineBanner/OfflineBanner';
export { type UseOnlineStatusOptions } from './ui/OfflineBanner/useOnlineStatus';
export { ToastHost, toast } from './ui/ToastHost/ToastHost';
export { type PageMetaProps } from './ui/PageMeta/PageMeta';
export { type PageMetaOptions } from './ui/PageMeta/usePageMeta';
export { PageFrame, type PageFrameProps } from './ui/PageFrame/PageFrame';
export { startRouteProgress, doneRouteProgress } from './ui/RouteProgress/route-progress';
export { Spinner, type SpinnerProps } from './ui/Spinner/Spinner';
export { lazyPage, type LazyPage } from './ui/LazyPage/lazy-page';
export { Avatar, type AvatarProps, type AvatarPerson } from './ui/Avatar/Avatar';
// The avatar rule the Avatar applies, for a picture drawn at its own size (a provider's portrait): already in the core.
export { avatarImage } from '@haven/rules';
export { RequireSignIn, logInWithReturn } from './auth/RequireSignIn/RequireSignIn';
export { Dialog, type DialogProps } from './ui/Dialog/Dialog';
export { type PlannedFeatureProps } from './ui/PlannedFeature/PlannedFeature';
export { CopyButton } from './ui/Support/CopyButton';
export { SupportLinkedText } from './ui/Support/SupportLinkedText';
export { configuredSupportContacts, SUPPORT_ANCHOR, type SupportContact } from './ui/Support/support-contacts';
export { BackControl } from './ui/BackControl/BackControl';
export { CrisisBar, CrisisHelpButton, CRISIS_HELP_LABEL } from './ui/CrisisHelp/CrisisBar';
export { useHelplineCountry } from './ui/CrisisHelp/helpline-country';

// --- sign-in and partners (the sign-in entry, `@haven/shared/auth-flows`, builds on the plumbing here) ---
export {
  GOOGLE_POPUP_ERROR,
  GOOGLE_LOGIN_FALLBACK_ERROR,
  INVALID_VERIFICATION_CODE,
  INVALID_AUTH_TOKEN,
  B2B_LINK_ERROR,
} from './auth/messages';
export { type CrossTabLogoutReason } from './auth/cross-tab-logout';
export { startAuth } from './auth/start-auth';
export { provideSignInEntry } from './auth/load-auth-flows';
export type { SignInEntry, CrnidOutcome, GoogleIdentity, GoogleCredentialResponse } from './auth/sign-in-entry';
export { type BootstrapResult, type BootstrapStep } from './auth/bootstrap';
export { isCodeLoginInProgress, resumePendingPartnerLink, LOG_IN_PATH, type CodeLoginPlan } from './auth/code-login';
export { runLogin, type LoginOutcome, type LoginOptions } from './auth/complete-login';
export { loadConsents, providerDirectory } from './auth/post-login';
export { logout, type LogoutOptions } from './auth/logout';
export { captureRoomEntry, roomEntryFor, ROOM_PAYLOAD_PLACEHOLDER, type RoomEntryCapture } from './auth/session-room-entry';
export { captureHandoffToken, companySiteLanding, fetchCompanySite, goToCompanySite, type CompanySite } from './auth/partner-handoff';
export { isVerifiedPartnershipUser, savePartnerProof, partnerProofHeaders } from './auth/partner-proof';
export { pendingPartnerLink } from './auth/pending-partner-link';
export { offerGoogleOneTap, type OneTapOptions } from './auth/google/google-one-tap';
export { startTflFlow, TFL_FLOW_PARAM } from './auth/tfl-flow';
export type { ApiUser, OtpChannel, OtpTarget, OtpSendAnswer, OtpVerifyAnswer } from './auth/api/types';
export { linkRequiredOf, type LinkRequired } from './auth/link-required';
export { rememberCompany, storePartnerMeta } from './auth/partner-meta';
export { SECONDARY_PROFILE_HEADER } from './auth/api/partner-calls';
export { ssoBaseUrlOf } from './config/runtime-config';
export { loadCfBookingConfigs, type CfBookingConfigs } from './partner/cf-booking-configs';

// --- federation (the app frame) ---
export { RemoteRoot } from './federation/RemoteRoot';
export { createRemoteLifecycles } from './federation/remote-lifecycles';
export type { RemoteAppExpose } from './federation/remote-app-expose';
export { mountStandalone } from './federation/mount-standalone';
// --- pages the build painted as HTML: the live page renders offstage, then takes the picture's place ---
export { liveElementById, takeLiveOffstage } from './prerender/offstage';
export { takeOverSnapshot } from './prerender/take-over-snapshot';
export { NotFoundPage } from './federation/NotFoundPage';
