// POST google sign-in: form-urlencoded one-tap / button response plus fixed extra fields (product rules, Sign-in and identity).
// The api checks the ID token against Google's keys and wants the nonce it handed out for this sign-in.
import { apiClient } from '@haven/shared';
import type { Answer, ApiUser, GoogleCredentialResponse, ReferralFields } from '@haven/shared';

/** The fixed fields the web client adds. */
export const GOOGLE_SIGN_IN_EXTRA = { platform: 'website', usertype: 'patient' } as const;

/** A nonce for one Google sign-in: passed to Google, which signs it into the ID token; the api takes it once. */
export async function googleNonce(): Promise<string> {
  const { data } = await apiClient.post<Answer<'/customers/google_nonce', 'post'>>('/customers/google_nonce');
  return data.nonce;
}

export async function googleSignIn(response: GoogleCredentialResponse, fields: ReferralFields = {}): Promise<ApiUser> {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...response, ...GOOGLE_SIGN_IN_EXTRA, ...fields })) {
    if (typeof value === 'string' && value !== '') form.set(key, value);
  }
  const { data } = await apiClient.post<Answer<'/customers/google_sign_in', 'post'>>('/customers/google_sign_in', form, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  return data.data;
}
