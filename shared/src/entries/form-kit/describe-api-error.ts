// "one message at a time, in human words": a failed api call becomes ONE thing a person can
// act on — a field and a sentence, a rate limit with its wait, a moment's unavailability (load shed,
// the database away) with its wait, a network failure that names what failed, or a general sentence. Unknown server texts are reported, never shown raw.
import { isApiError, reportError, retryAfterSeconds } from '@haven/shared';

export type ApiErrorDescription =
  /** `field` is the api's field name (e.g. 'first_name'); the form maps it to its own field. */
  | { kind: 'field'; field: string; message: string }
  | { kind: 'rate-limited'; retryAfterSeconds: number; message: string }
  /** A 503 the api means (load shed, its database away for a moment): asking again shortly works. */
  | { kind: 'unavailable'; retryAfterSeconds: number; message: string }
  | { kind: 'network'; message: string }
  | { kind: 'general'; message: string };

export interface DescribeOptions {
  /** What the request tried, after "We couldn't …": 'create your account', 'send the code'. */
  action: string;
  /** Labels of the api's fields this form shows, e.g. { first_name: 'First name' }. */
  labels?: Readonly<Record<string, string>>;
  /** Known server texts of this route, mapped to a field (or '' for the form) and a sentence. */
  known?: ReadonlyArray<KnownApiError>;
}

export interface KnownApiError {
  /** The server's text (exact, or a pattern). */
  text: string | RegExp;
  field: string;
  message: string;
}

/** Texts the api uses on several routes. */
export const COMMON_API_ERRORS: readonly KnownApiError[] = [
  {
    text: 'Email has already been taken',
    field: 'email',
    message: 'An account already uses this e-mail. Log in instead, or use another address.',
  },
  { text: 'Mobile has already been taken', field: 'mobile', message: 'An account already uses this mobile number.' },
  { text: "Password confirmation doesn't match Password", field: 'password_confirmation', message: 'The passwords do not match' },
  { text: 'Current password is invalid', field: 'current_password', message: 'That is not your current password' },
  { text: 'Reset password token is invalid or has expired', field: '', message: 'This reset link has expired or was already used.' },
  { text: 'Invalid login credentials. Please try again.', field: '', message: 'That e-mail and password do not match. Please try again.' },
  { text: 'Invalid verification code', field: 'code', message: 'Invalid verification code' },
  { text: 'body/date_of_birth must be in the past', field: 'date_of_birth', message: "Date of birth can't be in the future" },
];

function firstServerText(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as { errors?: unknown; message?: unknown };
  const first: unknown = Array.isArray(b.errors) ? b.errors[0] : undefined;
  if (typeof first === 'string' && first.trim()) return first;
  return typeof b.message === 'string' && b.message.trim() ? b.message : null;
}

/** Fastify/ajv validation texts: "body/first_name must NOT have more than 100 characters". */
function fromValidation(text: string, labels: Readonly<Record<string, string>>): { field: string; message: string } | null {
  const m = /^body(?:\/(\w+))? (.+)$/.exec(text);
  if (!m) return null;
  const rest = m[2] ?? '';
  const required = /^must have required property '(\w+)'$/.exec(rest);
  const field = m[1] ?? required?.[1];
  if (!field) return null;
  const label = labels[field];
  if (!label) return null;
  if (required) return { field, message: `Enter your ${label.toLowerCase()}` };
  const more = /^must NOT have more than (\d+) characters$/.exec(rest);
  if (more) return { field, message: `${label} can be at most ${more[1]} characters` };
  const fewer = /^must NOT have fewer than (\d+) characters$/.exec(rest);
  if (fewer) return { field, message: `${label} needs at least ${fewer[1]} characters` };
  if (/^must match (pattern|format)/.test(rest)) return { field, message: `Check the ${label.toLowerCase()}` };
  return null;
}

export function describeApiError(error: unknown, { action, labels = {}, known = [] }: DescribeOptions): ApiErrorDescription {
  if (isApiError(error) && !error.response) {
    return { kind: 'network', message: `We couldn't ${action}: no connection to Haven. Check your internet connection and try again.` };
  }
  const status = isApiError(error) ? error.response?.status : undefined;
  const body: unknown = isApiError(error) ? error.response?.data : undefined;
  if (status === 429) {
    const seconds = retryAfterSeconds(isApiError(error) ? error.response?.headers : undefined, body) ?? 30;
    return { kind: 'rate-limited', retryAfterSeconds: seconds, message: `Too many tries. Please wait, then try again.` };
  }
  const code = (body as { code?: unknown } | null | undefined)?.code;
  if (status === 503 && (code === 'overloaded' || code === 'database_unavailable')) {
    const seconds = retryAfterSeconds(isApiError(error) ? error.response?.headers : undefined, body) ?? 2;
    return {
      kind: 'unavailable',
      retryAfterSeconds: seconds,
      message: `We couldn't ${action}: Haven is busy for a moment. Nothing was lost; please try again in a few seconds.`,
    };
  }
  const text = firstServerText(body);
  if (text) {
    const match = [...known, ...COMMON_API_ERRORS].find((k) => (typeof k.text === 'string' ? k.text === text : k.text.test(text)));
    if (match)
      return match.field ? { kind: 'field', field: match.field, message: match.message } : { kind: 'general', message: match.message };
    const validation = fromValidation(text, labels);
    if (validation) return { kind: 'field', ...validation };
  }
  reportError(error, { where: 'unmapped api error', action, status, text });
  return { kind: 'general', message: `We couldn't ${action}. Please try again in a moment.` };
}
