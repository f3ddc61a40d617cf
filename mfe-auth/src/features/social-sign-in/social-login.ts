// Apple and Facebook sign-in through the shared login flow (product rules, Sign-in and identity: outcome, clinician refusal,
// after-login redirect): the same rules as every other way in.
import {
  type Answer,
  apiClient,
  linkRequiredOf,
  reportError,
  runLogin,
  serverErrorMessage,
  toast,
  type ApiUser,
  type LoginOptions,
  type LoginOutcome,
  type ReferralFields,
} from '@haven/shared';
import type { AppleProof } from './apple-identity';

export const APPLE_POPUP_ERROR = 'Apple Authentication failed!';
export const APPLE_LOGIN_FALLBACK_ERROR = 'Apple login failed, please contact the support team for more details';
export const FACEBOOK_POPUP_ERROR = 'Facebook Authentication failed!';
export const FACEBOOK_LOGIN_FALLBACK_ERROR = 'Facebook login failed, please contact the support team for more details';
const PLATFORM = 'website';

/** One provider's proof exchanged for a session; a refusal is a toast with the server's text. */
async function loginThrough(
  request: (fields: ReferralFields) => Promise<ApiUser>,
  fallback: string,
  options?: LoginOptions,
): Promise<LoginOutcome> {
  const outcome = await runLogin(request, { ...options, errorMessage: (error) => serverErrorMessage(error) ?? fallback });
  // The link step is a question on the page, not a failure to toast.
  if (!outcome.ok && outcome.reason === 'auth' && !linkRequiredOf(outcome.cause)) toast.error(outcome.error);
  return outcome;
}

export function loginWithApple(proof: AppleProof, options?: LoginOptions): Promise<LoginOutcome> {
  return loginThrough(
    async (fields) =>
      (
        await apiClient.post<Answer<'/customers/apple_sign_in', 'post'>>('/customers/apple_sign_in', {
          ...proof,
          platform: PLATFORM,
          ...fields,
        })
      ).data.data,
    APPLE_LOGIN_FALLBACK_ERROR,
    options,
  );
}

export function loginWithFacebook(accessToken: string, options?: LoginOptions): Promise<LoginOutcome> {
  return loginThrough(
    async (fields) =>
      (
        await apiClient.post<Answer<'/customers/facebook_sign_in', 'post'>>('/customers/facebook_sign_in', {
          access_token: accessToken,
          platform: PLATFORM,
          ...fields,
        })
      ).data.data,
    FACEBOOK_LOGIN_FALLBACK_ERROR,
    options,
  );
}

/** The provider's popup itself failed (closed, blocked, script error): reported, and the user told. */
export function reportProviderPopupError(error: unknown, provider: 'Apple' | 'Facebook'): void {
  reportError(error, { where: `${provider.toLowerCase()} sign-in popup` });
  toast.error(provider === 'Apple' ? APPLE_POPUP_ERROR : FACEBOOK_POPUP_ERROR);
}
