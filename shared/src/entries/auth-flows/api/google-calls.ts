// POST google sign-in: form-urlencoded token-client / one-tap response plus fixed extra fields (product rules, Sign-in and identity).
import { apiClient } from '@haven/shared';
import type { ApiUser, GoogleCredentialResponse } from '@haven/shared';

/** The fixed fields the web client adds. */
export const GOOGLE_SIGN_IN_EXTRA = { platform: 'website', usertype: 'patient' } as const;

export async function googleSignIn(response: GoogleCredentialResponse): Promise<ApiUser> {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...response, ...GOOGLE_SIGN_IN_EXTRA })) {
    if (typeof value === 'string' && value !== '') form.set(key, value);
  }
  const { data } = await apiClient.post<{ data: ApiUser }>('/customers/google_sign_in', form, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  return data.data;
}
