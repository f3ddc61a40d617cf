// newPrivacyPolicyData (App config state): the policy the new-privacy-policy prompt shows, as the consent
// status call answers it while the policy is not accepted. The answer (and what storage gives back) is
// untrusted: a link that could leave the site or run script is refused with the whole record.
import { isStr, pickValid, type Check, type Shape } from './validate';

export interface NewPrivacyPolicy {
  version: string;
  /** YYYY-MM-DD */
  effective_date: string;
  /** A path of the site, or an https address. */
  url: string;
  what_changed: string;
}

const isDay: Check = (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
/** A path of this site ('/privacy-policy', not '//host' nor '/\host') or an https address. */
const isPolicyUrl: Check = (v) => typeof v === 'string' && (/^\/(?![/\\])/.test(v) || /^https:\/\/[^/\\]/i.test(v)) && isStr(v);

const shape: Shape<NewPrivacyPolicy> = { version: isStr, effective_date: isDay, url: isPolicyUrl, what_changed: isStr };

/** The record, or null when the value is not one. */
export function newPrivacyPolicyOf(value: unknown): NewPrivacyPolicy | null {
  return (pickValid(value, shape, true) as NewPrivacyPolicy | null) ?? null;
}

/** The rehydration check of the persisted field. */
export const isNewPrivacyPolicyOrNull: Check = (v) => v === null || newPrivacyPolicyOf(v) !== null;

/** '2026-11-23' → '23 Nov 2026' (the day as written, whatever the reader's zone). */
export function policyDayLabel(day: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
