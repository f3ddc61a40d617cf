// Support contacts from the runtime config (product rules, Constants: mailboxes, WhatsApp and phone numbers),
// those of the person's located country first.
import { getRuntimeConfig, isRuntimeConfigLoaded, type SupportContacts, type SupportLines } from '../../config/runtime-config';

export const HELP_PATH = '/help';
/** The help page's contact section: where "contact the support team" leads. */
export const SUPPORT_ANCHOR = 'support';
export const SUPPORT_PHRASE = 'contact the support team';

export interface SupportContact {
  kind: keyof SupportLines;
  label: string;
  /** What is shown and copied. */
  value: string;
  href: string;
}

/**
 * The support lines for a person in `country` (ISO code, as the location service gives it): each kind
 * the country has of its own, else the general one. Unknown or unlisted country: the general ones.
 */
export function supportLinesFor(support: SupportContacts | undefined, country: string | null | undefined): SupportLines {
  if (!support) return {};
  const { byCountry, ...general } = support;
  const own = country ? byCountry?.[country.trim().toUpperCase()] : undefined;
  return { ...general, ...own };
}

/** The contacts in the order shown (e-mail, WhatsApp, phone), each with its link. */
export function supportContacts(support: SupportLines | undefined): SupportContact[] {
  if (!support) return [];
  const out: SupportContact[] = [];
  if (support.email) out.push({ kind: 'email', label: 'E-mail', value: support.email, href: `mailto:${support.email}` });
  if (support.whatsapp)
    out.push({
      kind: 'whatsapp',
      label: 'WhatsApp',
      value: support.whatsapp,
      href: `https://wa.me/${support.whatsapp.replace(/\D/g, '')}`,
    });
  if (support.phone) out.push({ kind: 'phone', label: 'Phone', value: support.phone, href: `tel:${support.phone}` });
  return out;
}

/** The contacts of the loaded runtime config for a person in `country` (none before it is loaded). */
export function configuredSupportContacts(country: string | null): SupportContact[] {
  return isRuntimeConfigLoaded() ? supportContacts(supportLinesFor(getRuntimeConfig().support, country)) : [];
}

/** Splits a message around "contact the support team" (any case) so the phrase can link to the help page. */
export function splitSupportPhrase(text: string): [before: string, phrase: string, after: string] | null {
  const at = text.toLowerCase().indexOf(SUPPORT_PHRASE);
  if (at < 0) return null;
  return [text.slice(0, at), text.slice(at, at + SUPPORT_PHRASE.length), text.slice(at + SUPPORT_PHRASE.length)];
}
