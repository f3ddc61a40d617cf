// Product rules, Sign-in and identity: two clinician user types exist and are barred from web login. The api defines them
// (api/src/identity/accounts.ts CLINICIAN_USERTYPES); the client keeps its own copy: it must not import api/.
export const CLINICIAN_USERTYPES: readonly string[] = ['clinician', 'cf_clinician'];

export function isClinicianUser(user: { usertype?: string | null } | null | undefined): boolean {
  return !!user?.usertype && CLINICIAN_USERTYPES.includes(user.usertype);
}
