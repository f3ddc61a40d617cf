// The partner proof: verifying an organisation's one-time code answers a short-lived proof bound to
// that organisation; meta info, kli auto-login (CRNID) and partner sessions send it as the
// `partner-proof` header. Kept per organisation id (uuid and short_code) until it expires.
import { PARTNER_VERIFIED_KEY, storageGet, storageSet } from '../platform/storage-keys';

export const PARTNER_PROOF_KEY = 'partner_proof';
export const PARTNER_PROOF_HEADER = 'partner-proof';

type ProofMap = Record<string, string>;

function readAll(): ProofMap {
  try {
    const parsed: unknown = JSON.parse(storageGet(PARTNER_PROOF_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as ProofMap) : {};
  } catch {
    return {}; // a damaged entry is no proof: the user verifies the code again
  }
}

/** Remembers `proof` for each id the organisation is known by (uuid, short_code, the id typed). */
export function savePartnerProof(ids: Array<string | null | undefined>, proof: string): void {
  const all = readAll();
  for (const id of ids) if (id) all[id] = proof;
  storageSet(PARTNER_PROOF_KEY, JSON.stringify(all));
}

/** The header carrying the organisation's proof, or none when its code was not verified here. */
export function partnerProofHeaders(id: string | null | undefined): Record<string, string> {
  const proof = id ? readAll()[id] : undefined;
  return proof ? { [PARTNER_PROOF_HEADER]: proof } : {};
}

/**
 * Whether this browser holds a proof for the organisation that has not expired (the proof is a signed
 * token whose `exp` this reads; one that cannot be read counts as held and the api decides).
 */
export function hasPartnerProof(id: string, nowMs = Date.now()): boolean {
  const proof = readAll()[id];
  if (!proof) return false;
  try {
    const payload: unknown = JSON.parse(atob((proof.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/')));
    const exp = payload && typeof payload === 'object' ? (payload as { exp?: unknown }).exp : undefined;
    return typeof exp === 'number' ? exp * 1000 > nowMs : true;
  } catch {
    return true;
  }
}

/** Product rules, Partners and business users: a verified partnership user (their organisation's code was verified here); kept across logout. */
export function isVerifiedPartnershipUser(): boolean {
  return storageGet(PARTNER_VERIFIED_KEY) === 'true';
}
