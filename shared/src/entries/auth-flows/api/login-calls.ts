// The sign-in and account calls only the sign-in pages make (in `@haven/shared/auth-flows`,
// not in the root core every page downloads). Validating a stored session stays in credentials-calls.
import { apiClient } from '@haven/shared';
import type { ApiUser, DeviceInfoPayload } from '@haven/shared';

export async function signInWithPassword(body: { email: string; password: string; device_info?: DeviceInfoPayload }): Promise<ApiUser> {
  const { data } = await apiClient.post<{ data: ApiUser }>('/auth/sign_in', body);
  return data.data;
}

/** GET validate token with device_info (product rules, What the client keeps: device info) — a JSON query value. */
export interface SignUpBody {
  email: string;
  password: string;
  password_confirmation: string;
  first_name?: string;
  last_name?: string;
  mobile?: string;
  country_code?: string;
  /** The one-time code POST /otp/send sent to `email`: proves the e-mail. */
  code?: string;
  /** From POST /otp/verify (no account yet): that e-mail or mobile is created as proven, no second code. */
  verification_token?: string;
  /** The code of the friend's referral link this visit came through. */
  referral_code?: string;
}

export async function signUp(body: SignUpBody): Promise<ApiUser> {
  const { data } = await apiClient.post<{ status: 'success'; data: ApiUser }>('/auth', body);
  return data.data;
}

export async function requestPasswordReset(email: string, redirectUrl: string): Promise<string> {
  const { data } = await apiClient.post<{ success: true; message: string }>('/auth/password', { email, redirect_url: redirectUrl });
  return data.message;
}

export interface PasswordUpdateBody {
  password: string;
  password_confirmation: string;
  /** From the reset link: the answer then signs the user in. */
  reset_password_token?: string;
  /** Signed in: the current password. */
  current_password?: string;
}

export async function updatePassword(body: PasswordUpdateBody): Promise<{ user: ApiUser; message: string }> {
  const { data } = await apiClient.put<{ success: true; data: ApiUser; message: string }>('/auth/password', body);
  return { user: data.data, message: data.message };
}
