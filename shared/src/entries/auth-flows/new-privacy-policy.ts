// newPrivacyPolicyData (App config state): the policy the new-privacy-policy prompt shows, as the consent
// status call answers it while the policy is not accepted. The answer is untrusted: a link that could leave
// the site or run script is refused with the whole record. Part of the sign-in entry: only the consent
// state read after a sign-in (when a policy waits) and the prompt use it.
import { isStr, pickValid, type Check, type NewPrivacyPolicy, type Shape } from '@haven/shared';

const isDay: Check = (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
/** A path of this site ('/privacy-policy', not '//host' nor '/\host') or an https address. */
const isPolicyUrl: Check = (v) => typeof v === 'string' && (/^\/(?![/\\])/.test(v) || /^https:\/\/[^/\\]/i.test(v)) && isStr(v);

const shape: Shape<NewPrivacyPolicy> = { version: isStr, effective_date: isDay, url: isPolicyUrl, what_changed: isStr };

/** The record, or null when the value is not one. */
export function newPrivacyPolicyOf(value: unknown): NewPrivacyPolicy | null {
  return (pickValid(value, shape, true) as NewPrivacyPolicy | null) ?? null;
}

/** '2026-11-23' → '23 Nov 2026' (the day as written, whatever the reader's zone). */
export function policyDayLabel(day: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
