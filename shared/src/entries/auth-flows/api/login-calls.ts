// The sign-in and account calls only the sign-in pages make (in `@haven/shared/auth-flows`,
// not in the root core every page downloads). Validating a stored session stays in credentials-calls.
import { apiClient } from '@haven/shared';
import type { Answer, ApiUser, Body } from '@haven/shared';

export async function signInWithPassword(body: Body<'/auth/sign_in', 'post'>): Promise<ApiUser> {
  const { data } = await apiClient.post<Answer<'/auth/sign_in', 'post'>>('/auth/sign_in', body);
  return data.data;
}

/** What sign-up sends (POST /auth): the api's contract, so a changed field fails the typecheck here. */
export type SignUpBody = Body<'/auth', 'post'>;

/** The account sign-up made, and what it says when the other address it named waits for its code. */
export async function signUp(
  body: SignUpBody,
): Promise<{ user: ApiUser; codeSent: NonNullable<Answer<'/auth', 'post'>['contact_change']>['message'] | null }> {
  const { data } = await apiClient.post<Answer<'/auth', 'post'>>('/auth', body);
  return { user: data.data, codeSent: data.contact_change?.message ?? null };
}

export async function requestPasswordReset(email: string, redirectUrl: string): Promise<string> {
  const { data } = await apiClient.post<Answer<'/auth/password', 'post'>>('/auth/password', { email, redirect_url: redirectUrl });
  return data.message;
}

/** A new password (PUT /auth/password): from a reset link, or signed in with the current one. */
export type PasswordUpdateBody = Body<'/auth/password', 'put'>;

export async function updatePassword(
  body: PasswordUpdateBody,
): Promise<{ user: ApiUser; message: Answer<'/auth/password', 'put'>['message'] }> {
  const { data } = await apiClient.put<Answer<'/auth/password', 'put'>>('/auth/password', body);
  return { user: data.data, message: data.message };
}
