// Client limits of a form field, read from the api's OpenAPI document (form-limits.generated.ts), and
// the sentence a person reads when a value breaks one. Generated, so they cannot drift.
import { FORM_LIMITS } from './form-limits.generated';

export type LimitedRoute = keyof typeof FORM_LIMITS;

export interface FieldLimit {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

/** The api's limit of `field` in the request body of `route` ({} when it has none). */
export function fieldLimit(route: LimitedRoute, field: string): FieldLimit {
  const fields = FORM_LIMITS[route] as Readonly<Record<string, FieldLimit>>;
  return fields[field] ?? {};
}

/** What is wrong with `value` for `limit`, in words, or null. An empty value is left to "required". */
export function limitProblem(value: string, limit: FieldLimit, label: string): string | null {
  if (value === '') return null;
  if (limit.maxLength !== undefined && value.length > limit.maxLength) return `${label} can be at most ${limit.maxLength} characters`;
  if (limit.minLength !== undefined && value.length < limit.minLength) return `${label} needs at least ${limit.minLength} characters`;
  if (limit.pattern !== undefined && !new RegExp(limit.pattern, 'u').test(value)) return `Check the ${label.toLowerCase()}`;
  return null;
}
