// The friend's referral code a visit came with (the `ref` parameter of a referral link): kept on the
// device until a sign-up sends it, so a visitor who looks around before signing up still counts for
// the friend who invited them. The code names a referral link, nobody's identity.
import { storageGet, storageRemove, storageSet } from '../platform/storage-keys';

export const REFERRAL_CODE_KEY = 'referral_code';
/** Codes the api issues: eight letters and digits (upper case; a typed lower-case code is the same code). */
const CODE = /^[A-Za-z0-9]{8}$/;

/** Keeps the `ref` of this visit's query when it looks like a referral code; anything else is ignored. */
export function captureReferralCode(search: string): void {
  const ref = new URLSearchParams(search).get('ref')?.trim();
  if (ref && CODE.test(ref)) storageSet(REFERRAL_CODE_KEY, ref.toUpperCase());
}

export function storedReferralCode(): string | undefined {
  return storageGet(REFERRAL_CODE_KEY) ?? undefined;
}

/** The body field every way in that can create an account sends (the api counts it only for a new account). */
export interface ReferralFields {
  referral_code?: string;
}
export function referralFields(): ReferralFields {
  const referral_code = storedReferralCode();
  return referral_code ? { referral_code } : {};
}

/** After a way in answered an account: a new one was counted, an existing one never will be. */
export function clearReferralCode(): void {
  storageRemove(REFERRAL_CODE_KEY);
}
