// The couple partner as the patient types it: checked with the shared rules, kept in the tab's session
// storage per provider so nothing typed is lost across a failed payment or a reload, and turned into
// the api's body.
import { findCountry, isValidPhone, type CountryCode } from '@haven/shared/form-kit';
import { participantProblem, PARTICIPANT_MESSAGES } from '@haven/shared';
import type { Participant, ParticipantBody } from './couple-calls';

export interface PartnerDraft {
  name: string;
  email: string;
  /** ISO country of the mobile number, e.g. 'IN'. */
  country: string;
  mobile: string;
}
export type PartnerErrors = Partial<Record<keyof PartnerDraft, string>>;

export const EMPTY_PARTNER: PartnerDraft = { name: '', email: '', country: 'IN', mobile: '' };
export const PHONE_MESSAGE = 'Enter a valid mobile number, without the country code';
const digits = (s: string) => s.replace(/[\s()-]/g, '');

/** The messages of a draft, per field (empty: it can be sent). */
export function partnerErrors(d: PartnerDraft, countries: readonly CountryCode[] | null): PartnerErrors {
  const out: PartnerErrors = {};
  const problem = participantProblem({ name: d.name, email: d.email, mobile: d.mobile });
  if (problem === 'name') out.name = PARTICIPANT_MESSAGES.name;
  if (problem === 'email' || problem === 'contact') out.email = PARTICIPANT_MESSAGES[problem];
  const country = countries ? findCountry(countries, d.country) : undefined;
  if (d.mobile.trim() && !isValidPhone(digits(d.mobile), country ?? { value: d.country })) out.mobile = PHONE_MESSAGE;
  return out;
}

export function partnerBody(d: PartnerDraft, countries: readonly CountryCode[] | null): ParticipantBody {
  const dial = (countries ? findCountry(countries, d.country)?.dialCode : undefined) ?? '+91';
  return { name: d.name.trim(), email: d.email.trim() || null, country_code: dial.replace('+', ''), mobile: digits(d.mobile) || null };
}

/** A saved partner as a draft to edit: the E.164 number split by the country whose dial code it starts with. */
export function draftOf(p: Participant, countries: readonly CountryCode[] | null): PartnerDraft {
  let country = 'IN';
  let mobile = p.mobile ?? '';
  const match =
    p.mobile && countries
      ? [...countries].sort((a, b) => b.dialCode.length - a.dialCode.length).find((c) => p.mobile!.startsWith(c.dialCode))
      : undefined;
  if (match) {
    country = match.value;
    mobile = p.mobile!.slice(match.dialCode.length);
  } else if (p.mobile?.startsWith('+91')) mobile = p.mobile.slice(3);
  return { name: p.name, email: p.email ?? '', country, mobile };
}

const key = (providerUuid: string) => `hv-partner-draft:${providerUuid}`;
export function readPartnerDraft(providerUuid: string): PartnerDraft {
  try {
    const raw = window.sessionStorage.getItem(key(providerUuid));
    const v = raw ? (JSON.parse(raw) as Partial<PartnerDraft>) : null;
    return v ? { ...EMPTY_PARTNER, ...v } : EMPTY_PARTNER;
  } catch {
    return EMPTY_PARTNER; // storage refused or a broken value: start empty (nothing was lost from this page)
  }
}
export function writePartnerDraft(providerUuid: string, d: PartnerDraft | null): void {
  try {
    if (d) window.sessionStorage.setItem(key(providerUuid), JSON.stringify(d));
    else window.sessionStorage.removeItem(key(providerUuid));
  } catch {
    // Storage refused (private mode): the draft lives in the page's state only.
  }
}
