// Every way into the product: password, one-time code (SMS, WhatsApp, e-mail), Google,
// partner token (auth_token), partner one-time code (TOTP), b2b link, CRNID auto-login. Each runs
// through `runLogin` (product rules, Sign-in and identity: login outcome) and uses the texts for its failures.
// In `@haven/shared/auth-flows`: the root's things come through '@haven/shared' (a relative
// import would bundle a second copy of them into this entry).
import {
  apiErrorCodeOf,
  B2B_LINK_ERROR,
  currentDeviceInfo,
  eventBus,
  GOOGLE_LOGIN_FALLBACK_ERROR,
  GOOGLE_POPUP_ERROR,
  havenStore,
  httpStatusOf,
  INVALID_AUTH_TOKEN,
  INVALID_VERIFICATION_CODE,
  linkRequiredOf,
  PARTNER_VERIFIED_KEY,
  rememberCompany,
  reportError,
  runLogin,
  savePartnerProof,
  serverErrorMessage,
  storageSet,
  storePartnerMeta,
  toast,
  type CrnidOutcome,
  type GoogleCredentialResponse,
  type LoginOptions,
  type LoginOutcome,
  type OtpSendAnswer,
  type OtpTarget,
  type PartnerMetaInfo,
} from '@haven/shared';
import { signInWithPassword } from './api/login-calls';
import { googleSignIn } from './api/google-calls';
import { sendOtp, verifyOtpCode } from './api/otp-calls';
import { b2bLinkSignIn, kliAutoLogin, partnerSessionSignIn, verifyTotpCode } from './api/partner-login-calls';
import { partnerCodeRefusal } from './partner-code-refusal';

export const OTP_EXPIRED_MESSAGE = 'This code has expired. Please request a new one.';
export const NO_ACCOUNT_MESSAGE = 'No account uses these details yet. Please sign up.';

/** The partner meta of the `code` organisation, unless the login already loaded it; its company remembered. */
async function ensureMetaOf(companyId: string): Promise<void> {
  const meta = havenStore.getState().auth.partnerMetaInfo;
  const profile = meta?.company_profile;
  if (profile && (profile.uuid === companyId || profile.short_code === companyId)) rememberCompany(meta);
  else rememberCompany(await storePartnerMeta(companyId));
}

export function loginWithPassword(email: string, password: string, options?: LoginOptions): Promise<LoginOutcome> {
  return runLogin(() => signInWithPassword({ email: email.trim(), password, device_info: currentDeviceInfo() }), options);
}

/** Sends a one-time code; answers when it was sent and when it expires (ms since epoch) for the page's countdowns. */
export async function requestOtp(
  target: OtpTarget,
  now: () => number = Date.now,
): Promise<{ sentAt: number; expiresAt: number; message: string }> {
  const answer: OtpSendAnswer = await sendOtp(target);
  const sentAt = now();
  return { sentAt, expiresAt: sentAt + answer.expires_in * 1000, message: answer.message };
}

/**
 * 'no-account': the code was right but no account uses the destination; `verificationToken` (when the
 * api gives one) proves the destination to sign-up, so it needs no second code.
 */
export type OtpLoginOutcome =
  | LoginOutcome
  | { ok: false; reason: 'no-account'; error: string; verificationToken: string | null }
  | { ok: false; reason: 'expired'; error: string };

/** A refused code: the api's words when a newer code replaced it (the person typed an earlier message's code). */
function wrongCodeMessage(error: unknown): string {
  return apiErrorCodeOf(error) === 'code_replaced' ? (serverErrorMessage(error) ?? INVALID_VERIFICATION_CODE) : INVALID_VERIFICATION_CODE;
}

/**
 * Verifies a one-time code and signs in when an account exists. A code past `expiresAt` is refused
 * here (the expired-code message); a wrong one comes back from the api as 'Invalid verification code'.
 */
export async function verifyOtp(
  target: OtpTarget,
  code: string,
  { expiresAt, now = Date.now, ...options }: LoginOptions & { expiresAt?: number; now?: () => number } = {},
): Promise<OtpLoginOutcome> {
  if (expiresAt !== undefined && now() > expiresAt) return { ok: false, reason: 'expired', error: OTP_EXPIRED_MESSAGE };
  let noAccount = false;
  let verificationToken: string | null = null;
  const outcome = await runLogin(
    async () => {
      // verification_token: the sign-up proof of the api's proof-before-trust contract.
      const answer = await verifyOtpCode(target, code.trim(), currentDeviceInfo());
      if (!answer.account_exists || !answer.data) {
        noAccount = true;
        verificationToken = answer.verification_token ?? null;
        throw new Error('no account');
      }
      return answer.data;
    },
    {
      ...options,
      errorMessage: (error) =>
        noAccount ? NO_ACCOUNT_MESSAGE : httpStatusOf(error) === 422 ? wrongCodeMessage(error) : serverErrorMessage(error),
    },
  );
  if (!outcome.ok && noAccount) return { ok: false, reason: 'no-account', error: NO_ACCOUNT_MESSAGE, verificationToken };
  return outcome;
}

/** The Google credential (one-tap, button, or the development issuer) exchanged for a session. */
export async function loginWithGoogle(response: GoogleCredentialResponse, options?: LoginOptions): Promise<LoginOutcome> {
  const outcome = await runLogin((fields) => googleSignIn(response, fields), {
    ...options,
    errorMessage: (error) => serverErrorMessage(error) ?? GOOGLE_LOGIN_FALLBACK_ERROR,
  });
  // An account already holding the e-mail asks its owner to confirm it (the page shows that step).
  if (!outcome.ok && outcome.reason === 'auth' && !linkRequiredOf(outcome.cause)) toast.error(outcome.error);
  return outcome;
}

/** The analytics event of a Google popup that failed (the product rules ask for one; they do not name it). */
export const GOOGLE_POPUP_FAILED_EVENT = 'google_login_failed';

/** The Google popup / prompt itself failed (closed, blocked, script error): reported, told, and counted. */
export function reportGooglePopupError(error: unknown): void {
  reportError(error, { where: 'google sign-in popup' });
  toast.error(GOOGLE_POPUP_ERROR);
  eventBus.emit('analytics:track', {
    name: GOOGLE_POPUP_FAILED_EVENT,
    properties: { reason: error instanceof Error ? error.message : String(error) },
  });
}

/** `code` + `auth_token` query (product rules, Sign-in and identity: "auth_token leads to token login"): a partner session. */
export async function loginWithToken(authToken: string, companyId: string, options?: LoginOptions): Promise<LoginOutcome> {
  const outcome = await runLogin(() => partnerSessionSignIn({ jwt_token: authToken, company_profile_uuid: companyId }), {
    ...options,
    errorMessage: () => INVALID_AUTH_TOKEN,
  });
  if (!outcome.ok && outcome.reason === 'auth') toast.error(INVALID_AUTH_TOKEN);
  if (outcome.ok) await ensureMetaOf(companyId);
  return outcome;
}

/** A partner link (b2b_link): without a token nothing happens (product rules, Partners and business users). */
export async function loginWithB2bLink(
  jwtToken: string | null | undefined,
  companyId: string,
  options?: LoginOptions,
): Promise<LoginOutcome | null> {
  if (!jwtToken) return null;
  const outcome = await runLogin(() => b2bLinkSignIn({ jwt_token: jwtToken, company_profile_uuid: companyId }), {
    ...options,
    errorMessage: () => B2B_LINK_ERROR,
  });
  if (!outcome.ok && outcome.reason === 'auth') toast.error(B2B_LINK_ERROR);
  return outcome;
}

export type PartnerCodeOutcome = { ok: true; meta: PartnerMetaInfo | null } | { ok: false; error: string };

/** Partner one-time (TOTP) code: verified, or why not: 'Invalid verification code' only for a wrong code (partner-code-refusal.ts). */
export async function partnerLogin(companyId: string, code: string): Promise<PartnerCodeOutcome> {
  const auth = () => havenStore.getState().auth;
  auth().update({ loading: true, error: null });
  try {
    const verified = await verifyTotpCode(companyId, code.trim());
    if (verified.proof)
      savePartnerProof([companyId, verified.meta?.company_profile.uuid, verified.meta?.company_profile.short_code], verified.proof);
    const meta = verified.meta ?? (await storePartnerMeta(companyId));
    if (meta) auth().update({ partnerMetaInfo: meta });
    rememberCompany(meta);
    storageSet(PARTNER_VERIFIED_KEY, 'true');
    auth().update({ loading: false });
    return { ok: true, meta };
  } catch (error) {
    const refusal = partnerCodeRefusal(error);
    // A wrong code and a rate limit are answers, not faults; anything else is reported.
    if (refusal.kind !== 'wrong-code' && refusal.kind !== 'rate-limited') reportError(error, { where: 'partner code' });
    toast.error(refusal.message);
    auth().update({ loading: false, error: refusal.message });
    return { ok: false, error: refusal.message };
  }
}

/**
 * `code` + `CRNID` query: kli auto-login by CRN, with the partner's signed kli link (`auth_token`) that
 * names it. A 422 runs the fallback (product rules, Partners and business users): the caller sends the user to the log-in page.
 */
export async function loginWithCrnid(
  crn: string,
  companyId: string | null,
  kliLink: string | null,
  options?: LoginOptions,
): Promise<CrnidOutcome> {
  let fallback = false;
  const outcome = await runLogin(async () => {
    try {
      return await kliAutoLogin(crn, companyId, kliLink);
    } catch (error) {
      fallback = httpStatusOf(error) === 422;
      throw error;
    }
  }, options);
  if (!outcome.ok && fallback) {
    havenStore.getState().auth.update({ error: null });
    return { ok: false, reason: 'fallback', error: outcome.error };
  }
  if (outcome.ok && companyId) await ensureMetaOf(companyId);
  return outcome;
}
