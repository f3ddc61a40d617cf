// Who someone is: the public surface of api/src/identity. Routes and the rest of the api import from
// here. The files behind it import one way, never back: passwords and proofs at the bottom; tokens and
// jwks on them; accounts on no identity file (it knows no sessions or tokens); sessions on accounts and
// tokens; sign-in, every way in, on all of them.
export {
  CLINICIAN_USERTYPES,
  DEFAULT_COUNTRY_CODE,
  createUser,
  dateOnly,
  findUser,
  findUserByCrn,
  findUserByDestination,
  findUserByPhone,
  normaliseEmail,
  normalisePhone,
  serializeUser,
  uidOf,
  type Destination,
  type NewUser,
  type Phone,
  type UserRow,
} from './accounts.js';
export {
  BATCH_WINDOW_MS,
  CREDENTIAL_HEADERS,
  MAX_CLIENTS_PER_USER,
  TOKEN_LIFESPAN_S,
  authenticateHeaders,
  checkCredentials,
  credentialsOf,
  createClient,
  deleteClient,
  endProfileTokens,
  endSessionsEverywhere,
  logOut,
  profileTokenSession,
  recordDeviceInfo,
  revokeAll,
  revokeAllBut,
  revokeClient,
  revokeRealtimeTokens,
  rotate,
  setCredentialHeaders,
  type AuthCheck,
  type AuthRow,
  type Credentials,
} from './sessions.js';
export * from './sign-in.js';
export * from './sign-up.js';
export * from './identity-links.js';
export * from './partner-sign-in.js';
export { accountCodeDestination, requirePrimary, sendAccountCode, useCode } from './account-codes.js';
export {
  APP_TOKEN_ISSUER,
  HANDOFF_PURPOSE,
  ID_TOKEN_LIFETIME_S,
  KLI_PURPOSE,
  PARTNER_JWT_AUDIENCE,
  ROOM_ID_TOKEN_LIFETIME_S,
  ROOM_LINK_ISSUER,
  SECONDARY_PROFILE_ISSUER,
  appToken,
  chatKeyProof,
  chatKeySigner,
  customTokenFor,
  idTokenLifetimeS,
  mintFirebaseIdToken,
  mintRefreshToken,
  realtimeToken,
  roomLinkToken,
  signPartnerJwt,
  verifyCustomToken,
  verifyFirebaseIdToken,
  verifyRefreshToken,
  verifyRoomLinkToken,
  type FirebaseIdentity,
} from './tokens.js';
export { DEV_GOOGLE_CLIENT_ID, DEV_GOOGLE_ISSUER, googleNonce, GOOGLE_ISSUERS, GOOGLE_NONCE_TTL_S, verifyGoogleIdToken } from './google.js';
export { countsAsFailedAttempt, PROVIDER_UNREACHABLE, ProviderUnreachable } from './provider-reach.js';
export { Jwks, acceptIdTokenOnce, developmentKey, developmentKeys, remoteKeys, signDevelopmentIdToken, verifyIdToken } from './jwks.js';
export {
  DEV_APPLE_CLIENT_ID,
  DEV_APPLE_ISSUER,
  DEV_FACEBOOK_APP_ID,
  DEV_FACEBOOK_ISSUER,
  APPLE_ISSUER,
  FACEBOOK_ISSUER,
  inspectSignedToken,
  verifyAppleToken,
  verifyFacebookToken,
  type ProvenIdentity,
} from './social.js';
export { dummyPasswordHash, hashPassword, randomToken, sha256, setPasswordCost, verifyPassword } from './passwords.js';
export { CODE_PURPOSES, consumeCode, issueCode, type CodePurpose } from './proofs.js';
export { canUnlink, LAST_WAY_IN_MESSAGE, linkedAccountsOf, otherWaysIn, storePin, unlinkAccount } from './linked-accounts.js';
export { readServiceAccount, type ServiceAccount } from './firebase-service-account.js';
export { viewerId } from './viewer.js';
export {
  connectionKeys,
  connectionKeySource,
  devSsoIssuer,
  ssoConnection,
  ssoConnectionForDomains,
  type SsoConnection,
} from './sso-connections.js';
export { turnPassword, turnServer, type TurnServer } from './turn.js';
