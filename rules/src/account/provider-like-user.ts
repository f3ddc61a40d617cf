/**
 * Product rules, Users and roles: "A provider-like user has a user type other than `patient` and is verified."
 * Read literally, as written: every verified business account is provider-like, the demo employees included,
 * so nothing may refuse or hide patient care on this rule alone (clinician user types are refused by their
 * own rule, before any other).
 */
export interface ProviderLikeInput {
  usertype: string | null | undefined;
  is_verified: boolean | null | undefined;
}

const PATIENT_USER_TYPE = 'patient';

export function isProviderLikeUser({ usertype, is_verified }: ProviderLikeInput): boolean {
  return Boolean(usertype) && usertype !== PATIENT_USER_TYPE && is_verified === true;
}
