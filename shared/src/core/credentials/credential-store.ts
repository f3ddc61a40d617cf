// The stored auth credentials (product rules, Session loss: devise_token_auth headers) under local-storage key `@Token:`.
// Held in memory for speed, mirrored to localStorage so a reload keeps the session, and re-read on the
// `storage` event so every tab uses the token another tab rotated.
import { CREDENTIALS_STORAGE_KEY } from '@haven/rules';
import { reportError } from '../reporting/report-error';

export { CREDENTIALS_STORAGE_KEY };

export interface Credentials {
  'access-token': string;
  expiry: string;
  uid: string;
  client: string;
  'x-company-profile-name'?: string;
  'x-company-profile-uuid'?: string;
}

export type CredentialsListener = (credentials: Credentials | null) => void;

const REQUIRED = ['access-token', 'expiry', 'uid', 'client'] as const;
const OPTIONAL = ['x-company-profile-name', 'x-company-profile-uuid'] as const;

let current: Credentials | null = null;
let initialised = false;
const listeners = new Set<CredentialsListener>();

function asText(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'number' && Number.isFinite(first)) return String(first);
  return typeof first === 'string' && first !== '' ? first : undefined;
}

/** A credentials record from any header-like or parsed object; null unless all four required fields are there. */
function pick(source: Readonly<Record<string, unknown>>): Credentials | null {
  const required: Partial<Record<(typeof REQUIRED)[number], string>> = {};
  for (const key of REQUIRED) {
    const value = asText(source[key]);
    if (value === undefined) return null;
    required[key] = value;
  }
  const record = required as Credentials;
  for (const key of OPTIONAL) {
    const value = asText(source[key]);
    if (value !== undefined) record[key] = value;
  }
  return record;
}

function readStorage(): Credentials | null {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(CREDENTIALS_STORAGE_KEY);
  } catch {
    return null; // storage blocked (privacy mode): behave as logged out
  }
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    const record = typeof parsed === 'object' && parsed !== null ? pick(parsed as Record<string, unknown>) : null;
    if (!record) reportError(new Error('Stored credentials are incomplete; treated as none'));
    return record;
  } catch (error) {
    reportError(error, { where: 'credential-store', reason: 'corrupt JSON under @Token:' });
    return null;
  }
}

function notify(): void {
  for (const listener of [...listeners]) {
    try {
      listener(current);
    } catch (error) {
      reportError(error, { where: 'credential-store listener' });
    }
  }
}

function onStorage(event: StorageEvent): void {
  // key null: another tab called localStorage.clear().
  if (event.key !== CREDENTIALS_STORAGE_KEY && event.key !== null) return;
  current = readStorage();
  notify();
}

function ensureInitialised(): void {
  if (initialised) return;
  initialised = true;
  current = readStorage();
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
}

export function getCredentials(): Credentials | null {
  ensureInitialised();
  return current;
}

export function setCredentials(credentials: Credentials): void {
  ensureInitialised();
  current = { ...credentials };
  try {
    window.localStorage.setItem(CREDENTIALS_STORAGE_KEY, JSON.stringify(current));
  } catch (error) {
    reportError(error, { where: 'credential-store', reason: 'could not persist credentials' });
  }
  notify();
}

export function clearCredentials(): void {
  ensureInitialised();
  current = null;
  try {
    window.localStorage.removeItem(CREDENTIALS_STORAGE_KEY);
  } catch {
    // nothing stored that we could remove
  }
  notify();
}

/** Called with the new record (or null) on every change, from this tab or another. */
export function subscribeCredentials(listener: CredentialsListener): () => void {
  ensureInitialised();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The credentials carried by a response, or null when any of access-token, expiry, uid and client
 * is missing (the caller then keeps the current ones). Header names are matched lower-case.
 */
export function credentialsFromHeaders(headers: unknown): Credentials | null {
  if (typeof headers !== 'object' || headers === null) return null;
  const lower: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = value;
  return pick(lower);
}

/** Test hook: forget the memory copy and the storage listener, as on a fresh page. */
export function resetCredentialStoreForTests(): void {
  if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  initialised = false;
  current = null;
  listeners.clear();
}
