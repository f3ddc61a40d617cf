// Product rules, Calls to the api: anomaly check: a response that carries someone else's contact data (or signed documents,
// summaries) to a logged-in user is a data leak worth reporting. Pure so every rule is a table row.

import type { SupportContacts } from '../config/runtime-config';

export const ANOMALY_MESSAGE_PREFIX = 'Anomaly detected in endpoint ';

/** Endpoints whose answers legitimately carry other people's contact data (product rules, Calls to the api). Matched as substrings of the path. */
export const ANOMALY_EXEMPT_ENDPOINTS: readonly string[] = [
  'appvisibilityandorgpackages',
  'reschedule',
  'b2bbooking',
  'confirmb2bbooking',
  'createpackageandbooking',
  'customer_sessions',
  'upcomingsessions',
  'savecustomerassessment',
  'get_members',
  'customers/ih_clinics',
  'auth/sign_in',
  'auth/validate_token',
  'customers/documents',
  'opd_registration_forms',
  'my_partner_details',
  'emergency_contact',
  'profile_info',
  // The person's own record after they changed their e-mail or mobile: the new contact is theirs, and
  // the page only learns it from this answer (it was reported as a leak after every successful change).
  'customers/contact_change',
];

/**
 * The support numbers that may appear in any answer: the ones the product publishes in its runtime
 * config (WhatsApp and phone, every country's). The spec counts three but shows none, so the check trusts exactly the
 * numbers we tell people to call, never made-up ones.
 */
export function supportNumbersOf(support: Pick<SupportContacts, 'whatsapp' | 'phone' | 'byCountry'> | undefined): string[] {
  const all = [support, ...Object.values(support?.byCountry ?? {})];
  return all.flatMap((lines) => [lines?.whatsapp, lines?.phone]).filter((n): n is string => typeof n === 'string' && n.trim() !== '');
}

export interface OwnContact {
  mobile?: string | null;
  email?: string | null;
}

export interface AnomalyInput {
  /** Endpoint path as called, e.g. `/customers/profile`. */
  path: string;
  data: unknown;
  user: OwnContact | null;
  /** Numbers that are never a leak (supportNumbersOf the runtime config); none by default. */
  supportNumbers?: readonly string[];
}

export interface Anomaly {
  message: string;
  field: string;
}

const PHONE_KEY = /(mobile|phone)/i;
const EMAIL_KEY = /e_?mail/i;
const ALWAYS_SENSITIVE = new Set(['signature_url', 'documents', 'summary']);
// Bounds keep a huge answer from freezing the page inside an interceptor.
const MAX_NODES = 5000;
const MAX_DEPTH = 12;

const digits = (value: string) => value.replace(/\D/g, '');

function samePhone(a: string, b: string): boolean {
  const x = digits(a);
  const y = digits(b);
  if (x.length < 6 || y.length < 6) return x === y;
  // Compare the national part: '+91 98765 43210' and '9876543210' are the same number.
  return x.endsWith(y) || y.endsWith(x);
}

function isFilled(value: unknown): boolean {
  if (value === null || value === undefined || value === '' || value === false) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

function isLeak(key: string, value: unknown, user: OwnContact, support: readonly string[]): boolean {
  if (ALWAYS_SENSITIVE.has(key.toLowerCase())) return isFilled(value);
  if (typeof value !== 'string' && typeof value !== 'number') return false; // flags such as is_email_verified
  const text = String(value).trim();
  if (text === '') return false;
  if (PHONE_KEY.test(key)) {
    if (support.some((n) => samePhone(n, text))) return false;
    return !(user.mobile && samePhone(user.mobile, text));
  }
  if (EMAIL_KEY.test(key)) return !(user.email && user.email.trim().toLowerCase() === text.toLowerCase());
  return false;
}

export function isAnomalyExempt(path: string): boolean {
  const lower = path.toLowerCase();
  return ANOMALY_EXEMPT_ENDPOINTS.some((endpoint) => lower.includes(endpoint));
}

/** The first leaked field in a response, or null. No user logged in: nothing to compare with, so null. */
export function findAnomaly({ path, data, user, supportNumbers = [] }: AnomalyInput): Anomaly | null {
  if (!user || isAnomalyExempt(path)) return null;
  const stack: Array<{ value: unknown; depth: number }> = [{ value: data, depth: 0 }];
  let visited = 0;
  while (stack.length > 0 && visited < MAX_NODES) {
    const { value, depth } = stack.pop() as { value: unknown; depth: number };
    visited += 1;
    if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) continue;
    for (const [key, child] of Object.entries(value)) {
      if (!Array.isArray(value) && isLeak(key, child, user, supportNumbers)) {
        return { message: ANOMALY_MESSAGE_PREFIX + path, field: key };
      }
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: depth + 1 });
    }
  }
  return null;
}
