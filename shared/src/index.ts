// The public surface of the shared core (`@haven/shared`), a Module Federation singleton.
// Explicit named exports only; see docs/contracts.md for why this one entry exists.

// --- config ---
export {
  loadRuntimeConfig,
  getRuntimeConfig,
  setRuntimeConfig,
  parseRuntimeConfig,
  isRuntimeConfigLoaded,
  isProduction,
  type RuntimeConfig,
  type GrowthConfig,
  type FirebaseConfig,
  type IceServer,
  type SupportContacts,
  type AppStoreLinks,
  type Stage,
} from './config/runtime-config';
export { reportError, registerErrorSink, type ErrorSink, type ErrorContext } from './reporting/report-error';
export { isNativeWebview, requestWebviewClose, WEBVIEW_CLOSE_MESSAGE } from './platform/native-bridge';
export { afterPagePainted } from './platform/page-painted';

// --- credentials, api client ---
export {
  getCredentials,
  setCredentials,
  clearCredentials,
  subscribeCredentials,
  credentialsFromHeaders,
  CREDENTIALS_STORAGE_KEY,
  type Credentials,
  type CredentialsListener,
} from './credentials/credential-store';
export { apiClient, createApiClient, API_TIMEOUT_MS, type ApiClient, type ApiClientOptions } from './api/client';
export { isApiError } from './api/api-error';
export { buildRequestHeaders, utmParamsPayload, ATTRIBUTION_VALID_MS } from './api/request-headers';
// The api's OpenAPI contract (types only), for remotes typing their calls' answers.
export type { components as ApiComponents, paths as ApiPaths } from './api/schema.generated';
export { isSessionLostResponse, handleSessionLost, type SessionLossDeps } from './api/session-loss';
export {
  findAnomaly,
  isAnomalyExempt,
  configureSupportPhoneNumbers,
  ANOMALY_EXEMPT_ENDPOINTS,
  ANOMALY_MESSAGE_PREFIX,
  DEFAULT_SUPPORT_PHONE_NUMBERS,
  type Anomaly,
  type OwnContact,
} from './api/anomaly-check';

// --- state ---
export {
  havenStore,
  useHavenStore,
  useHydrated,
  resetOnLogout,
  createHavenStore,
  type HavenState,
  type HavenSlices,
  type HavenStore,
  type HavenStoreOptions,
} from './state/store';
export { PERSIST_KEY, REHYDRATION_TIMEOUT_MS } from './state/persistence';
export { DEFAULT_APP_VISIBILITY, appVisibilityFromResponse, type AppVisibility, type AppVisibilityResponse } from './state/app-config';
export { NUDGE_ORDER, NUDGE_SECTIONS, areAllNudgesLoaded, type Nudge, type NudgeSection, type Nudges } from './state/nudge';
export { timezoneAbbreviation, type UserLocation, type UserLocationResponse } from './state/user-location-details';
export type { Clinic } from './state/clinics';
export type { Offer } from './state/offer';
export type { Consents } from './state/consent';
export type { PackageDetails } from './state/package';
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
export { eventBus, createEventBus, PROFILE_EVENT_NAMES, type EventBus, type EventHandler, type HavenEvents, type ProfileEventName } from './events/event-bus';

// --- growth (attribution, analytics, location, flags, error reporting: loaded lazily after first paint) ---
export { startGrowth } from './growth/start-growth';
export { ensureLocation } from './growth/location/location-refresh';

// --- realtime ---
export {
  getRealtime,
  signInRealtime,
  signOutRealtime,
  setStatus,
  readOnce,
  write,
  subscribe,
  REALTIME_APP_NAME,
  type Realtime,
  type PresenceStatus,
} from './realtime/realtime-client';
export { openRealtimeApp } from './realtime/realtime-client';
export { currentCourseName, subscribeCurrentCourse, userRecordPath, type RealtimeUserRecord } from './realtime/user-record';
export { emulatorHostFromUrl, type EmulatorHost } from './realtime/emulator-host';

// --- rules ---
export {
  isValidEmail,
  isBlockedEmailDomain,
  emailDomain,
  emailProblem,
  BLOCKED_EMAIL_DOMAINS,
  EMAIL_MESSAGES,
  type EmailProblem,
} from './rules/validation/email';
export { sanitizeName, normaliseName, isValidName } from './rules/validation/name';
export { safeRedirectPath } from './rules/redirects/safe-redirect-path';
export {
  afterLoginRedirect,
  partnerSubdomainUrl,
  B2B_LANDING_PATH,
  PARTNER_CARD_DASHBOARD_PATH,
  DEFAULT_AFTER_LOGIN_PATH,
  PATIENT_USERTYPE,
  type AfterLoginInput,
  type AfterLoginTarget,
} from './rules/redirects/after-login-redirect';
export { pageTitle, PAGE_TITLE_MAX_LENGTH } from './rules/page-title';
export { DEFAULT_PAGE_META, type PageMetaValues } from './rules/default-page-meta';
export { canonicalUrl } from './rules/canonical-url';
export {
  sessionLossRedirect,
  isSessionLossRedirectExempt,
  SESSION_LOSS_EXEMPT_PATHS,
  THERAPY_PSYCHIATRY_LANDING,
  HOME_LANDING,
} from './rules/session-loss-redirect';
export { companyFromHostname, NON_COMPANY_SUBDOMAINS } from './rules/company-from-hostname';
export {
  shouldOfferGoogleOneTap,
  INSURANCE_PARTNER_A_PATH,
  INSURANCE_PARTNER_B_PATH,
  GOOGLE_ONE_TAP_BLOCKED_PATH_PARTS,
  type GoogleOneTapContext,
} from './rules/should-offer-google-one-tap';
// launch query parameters (spec §2 "Query parameters read on load")
export {
  readLaunchParams,
  applyLaunchParams,
  scrollToSection,
  LAUNCH_PARAM_STORAGE,
  SECTION_SCROLL_DELAY_MS,
  SECTION_ID_PARAM,
  type LaunchParams,
  type AppliedLaunchParams,
  type LaunchParamStorages,
} from './platform/query-params';
export { isEditDisabled, isInstalledWebApp, isSecondaryTokenHandled, APP_OWNED_FIELD_NOTE, type AppOwnedField } from './platform/entry-params';

export { bookingLink } from './rules/booking-link';
export { participantProblem, PARTICIPANT_MESSAGES, type ParticipantInput, type ParticipantProblem } from './rules/booking/couple-participant';

// --- ui ---
export { Button, type ButtonProps, type ButtonVariant } from './ui/Button/Button';
export { CLICK_THROTTLE_MS } from './ui/Form/click-throttle';
export {
  ErrorScreen,
  ERROR_SCREEN_HEADING,
  ERROR_SCREEN_TEXT,
  ERROR_SCREEN_HOME_LABEL,
  ERROR_SCREEN_REFRESH_LABEL,
  type ErrorScreenProps,
} from './ui/ErrorScreen/ErrorScreen';
export { ErrorBoundary, type ErrorBoundaryProps } from './ui/ErrorBoundary/ErrorBoundary';
export { OfflineBanner, OFFLINE_BANNER_TEXT, type OfflineBannerProps } from './ui/OfflineBanner/OfflineBanner';
export {
  useOnlineStatus,
  ONLINE_POLL_MS,
  DEFAULT_ONLINE_PROBE_URL,
  type UseOnlineStatusOptions,
} from './ui/OfflineBanner/useOnlineStatus';
export { ToastHost, toast, TOAST_SETTINGS } from './ui/ToastHost/ToastHost';
export { PageMeta, type PageMetaProps } from './ui/PageMeta/PageMeta';
export { usePageMeta, type PageMetaOptions } from './ui/PageMeta/usePageMeta';
export { PageFrame, PRODUCT_NAME, MAIN_CONTENT_ID, type PageFrameProps } from './ui/PageFrame/PageFrame';
export { startRouteProgress, doneRouteProgress } from './ui/RouteProgress/route-progress';
export { Spinner, type SpinnerProps } from './ui/Spinner/Spinner';
export { Avatar, type AvatarProps, type AvatarPerson } from './ui/Avatar/Avatar';
export { RequireSignIn, logInWithReturn } from './ui/RequireSignIn/RequireSignIn';
export { Dialog, type DialogProps } from './ui/Dialog/Dialog';
export { PlannedFeature, type PlannedFeatureProps } from './ui/PlannedFeature/PlannedFeature';
export { CopyButton, COPY_FAILED_TEXT } from './ui/Support/CopyButton';
export { SupportLinkedText } from './ui/Support/SupportLinkedText';
export { configuredSupportContacts, supportContacts, HELP_PATH, SUPPORT_ANCHOR, type SupportContact } from './ui/Support/support-contacts';
export { BackControl, useBackHidden } from './ui/BackControl/BackControl';
export { CrisisBar, DISCLAIMER_TEXT, CRISIS_HELP_LABEL, NOT_FOR_EMERGENCIES_TEXT } from './ui/CrisisHelp/CrisisBar';

// --- auth flows ---
export {
  FIREBASE_LOGIN_ERROR,
  GOOGLE_POPUP_ERROR,
  GOOGLE_LOGIN_FALLBACK_ERROR,
  INVALID_VERIFICATION_CODE,
  INVALID_AUTH_TOKEN,
  B2B_LINK_ERROR,
  CLINICIAN_LOGIN_MESSAGE,
} from './auth/messages';
export { buildDeviceInfo, DEFAULT_LOGIN_COUNTRY, USER_AGENT_MAX_LENGTH, type DeviceInfoPayload } from './auth/device-info';
export { isInternalUser, INTERNAL_EMAIL_DOMAINS } from './auth/internal-user';
export { isClinicianUser, CLINICIAN_USERTYPES } from './auth/clinician';
export { watchCrossTabLogout, LOGIN_STATUS_KEY, LOGOUT_USER_KEY, type CrossTabLogoutReason } from './auth/cross-tab-logout';
export { navigateInApp, type Navigate } from './auth/app-navigation';
export { startAuth } from './auth/start-auth';
export { bootstrapAuth, type BootstrapResult, type BootstrapStep } from './auth/bootstrap';
export { handleCodeLogin, planCodeLogin, goToTarget, isCodeLoginInProgress, LOG_IN_PATH, type CodeLoginPlan } from './auth/code-login';
export { runLogin, completeLogin, type LoginOutcome, type LoginOptions } from './auth/complete-login';
export {
  loginWithPassword,
  requestOtp,
  verifyOtp,
  loginWithGoogle,
  reportGooglePopupError,
  loginWithToken,
  loginWithB2bLink,
  partnerLogin,
  loginWithCrnid,
  OTP_EXPIRED_MESSAGE,
  NO_ACCOUNT_MESSAGE,
  type OtpLoginOutcome,
  type PartnerCodeOutcome,
  type CrnidOutcome,
} from './auth/login-methods';
export { signUpAndLogin, forgotPassword, setPasswordWithToken, changePassword, SET_PASSWORD_PATH } from './auth/account-flows';
export { logout, LOGOUT_REDIRECT_URL, type LogoutOptions } from './auth/logout';
export { captureHandoffToken, completeHandoff, companySiteLanding, fetchCompanySite, goToCompanySite, handoffUrl, type CompanySite } from './auth/partner-handoff';
export { watchSessionOnFocus } from './auth/session-focus-check';
export { isVerifiedPartnershipUser } from './auth/partner-proof';
export { pendingPartnerLink } from './auth/pending-partner-link';
export { resumePendingPartnerLink } from './auth/code-login';
export { isCancelledRequest } from './api/cancelled';
export { loadCfBookingConfigs, type CfBookingConfigs } from './partner/cf-booking-configs';
export { loadAppVisibility } from './state/load-app-visibility';
export { loadProfiles, saveProfile, switchProfile, endProfileSession } from './auth/profiles';
export { createProfile, deleteProfile, fetchActingProfile, fetchMemberPlan, canAddMember, isActingAsSecondaryProfile, type NewProfileInput, type ProfileKind, type MemberPlan } from './auth/profile-actions';
export { avatarUrl, isAvatarUrl, defaultAvatarUrl, AVATAR_FOLDER, avatarImage, avatarInitials, avatarColour, AVATAR_COLOURS } from './rules/account/avatar';
export { createGoogleIdentity, type GoogleIdentity } from './auth/google/google-identity';
export { offerGoogleOneTap, type OneTapOptions } from './auth/google/google-one-tap';
export type { GoogleCredentialResponse } from './auth/api/google-calls';
export type { ApiUser, OtpChannel, OtpTarget } from './auth/api/types';
export { serverErrorMessage } from './auth/api/error-message';
export type { SignUpBody } from './auth/api/credentials-calls';
// Lazy entries of the core (issue 7), each loaded only by the routes that import it: forms (react-hook-form,
// src/forms.ts), booking rules (src/booking-rules.ts: fees, slots, plan visibility, dayjs) and dashboard
// rules (src/dashboard-rules.ts: session-room address, tours, modals, uploads, PINs) and form parts
// (src/form-kit.ts: api error descriptions, field limits, text fields, phone and birth-date rules) and
// session times (src/session-times.ts: the session-start label with dayjs).

// --- federation (app frame) ---
export { RemoteRoot } from './federation/RemoteRoot';
export { createRemoteLifecycles } from './federation/remote-lifecycles';
export type { RemoteAppExpose } from './federation/remote-app-expose';
export { mountStandalone } from './federation/mount-standalone';
export { NotFoundPage } from './federation/NotFoundPage';

// --- issue 18: sign-in (Apple, Facebook, employer SSO, token refresh) ---
export { ssoBaseUrlOf } from './config/runtime-config';
export { ssoDomainToCheck, emailBelongsToDomain } from './rules/sso/sso-domain';
export { ACTIVE_FILTERS_KEY, parseActiveFilters, serializeActiveFilters, clinicCodeOfIds, idsOfClinicCode, type ActiveFilters } from './rules/providers/active-filters';
