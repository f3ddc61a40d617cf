// Sign-up and the password flows (pages: /auth/sign-up, /set-password, forgot / change
// password). Sign-up and a password set from a reset link sign the user in: they go through runLogin.
// In `@haven/shared/auth-flows`: the root's things come through '@haven/shared' (see login-methods.ts).
import { runLogin, serverErrorMessage, type LoginOptions, type LoginOutcome } from '@haven/shared';
import { requestPasswordReset, signUp, updatePassword, type SignUpBody } from './api/login-calls';

export const SET_PASSWORD_PATH = '/set-password';

/**
 * A referral link's code kept from this device's visit goes with the sign-up (runLogin's fields: the friend's
 * count). `codeSent`: what the answer says when the other address typed (not the one proved) waits for its
 * code before it joins the account.
 */
export async function signUpAndLogin(body: SignUpBody, options?: LoginOptions): Promise<LoginOutcome & { codeSent?: string | null }> {
  let codeSent: string | null = null;
  const outcome = await runLogin(async (fields) => {
    const answer = await signUp({ ...body, email: body.email.trim(), ...fields });
    codeSent = answer.codeSent;
    return answer.user;
  }, options);
  return outcome.ok ? { ...outcome, codeSent } : outcome;
}

/** Sends the reset e-mail; its link comes back to /set-password on this site. */
export async function forgotPassword(
  email: string,
  origin: string = window.location.origin,
): Promise<{ ok: true; message: string } | { ok: false; error: string; cause: unknown }> {
  try {
    return { ok: true, message: await requestPasswordReset(email.trim(), `${origin}${SET_PASSWORD_PATH}`) };
  } catch (error) {
    return { ok: false, error: serverErrorMessage(error) ?? 'Could not send the reset e-mail. Please try again.', cause: error };
  }
}

/** /set-password with the link's reset_password_token: sets the password and signs in. */
export function setPasswordWithToken(
  resetPasswordToken: string,
  password: string,
  passwordConfirmation: string,
  options?: LoginOptions,
): Promise<LoginOutcome> {
  return runLogin(
    async () =>
      (await updatePassword({ reset_password_token: resetPasswordToken, password, password_confirmation: passwordConfirmation })).user,
    options,
  );
}

/** Signed in: change the password with the current one. */
export async function changePassword(
  currentPassword: string,
  password: string,
  passwordConfirmation: string,
): Promise<{ ok: true; message: string } | { ok: false; error: string; cause: unknown }> {
  try {
    const { message } = await updatePassword({ current_password: currentPassword, password, password_confirmation: passwordConfirmation });
    return { ok: true, message };
  } catch (error) {
    return { ok: false, error: serverErrorMessage(error) ?? 'Could not change the password. Please try again.', cause: error };
  }
}
