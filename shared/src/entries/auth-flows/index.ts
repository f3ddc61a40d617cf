// `@haven/shared/auth-flows`: the core's sign-in entry, a Module Federation singleton of its own.
// Every login method, sign-up and the password flows, profiles and the Google identity
// adapter: what the sign-in pages, the partner code form and the profile pages use, and no other route
// needs at first paint. The root loads it on demand for a code login, a partner hand-off and Google
// one-tap. Its files import the root's things through '@haven/shared' (a relative import would bundle a
// second copy).
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
} from './login-methods';
export { signUpAndLogin, forgotPassword, setPasswordWithToken, changePassword, SET_PASSWORD_PATH } from './account-flows';
export { loadProfiles, saveProfile, switchProfile, endProfileSession } from './profiles';
export { useProfileSwitch, profileName, type ProfileSwitch, type ActingProfile } from './use-profile-switch';
export {
  createProfile,
  deleteProfile,
  fetchActingProfile,
  fetchMemberPlan,
  canAddMember,
  isActingAsSecondaryProfile,
  type NewProfileInput,
  type ProfileKind,
  type MemberPlan,
} from './profile-actions';
export { createGoogleIdentity } from './google/google-identity';
export type { SignUpBody } from './api/login-calls';
export { rememberPage, takeReturnPath, takeKeptText } from './stored-page-data';
