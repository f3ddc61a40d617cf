// Checks for values read back from storage. Storage is user-writable (extensions, devtools, another
// app on the same origin), so a rehydrated value is untrusted input: wrong type, hostile key or an
// oversized string rejects the whole slice, which then keeps its defaults.

export type Check = (value: unknown) => boolean;

export const MAX_STORED_STRING = 10_000;
const MAX_DEPTH = 20;
const DANGEROUS_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Any JSON-like value with no prototype-polluting keys, bounded depth and bounded strings. */
export function isSafeJson(value: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  if (value === null || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'string') return value.length <= MAX_STORED_STRING;
  if (Array.isArray(value)) return value.every((item) => isSafeJson(item, depth + 1));
  if (!isPlainObject(value)) return false;
  return Object.keys(value).every((key) => !DANGEROUS_KEYS.has(key) && isSafeJson(value[key], depth + 1));
}

export const isBool: Check = (v) => typeof v === 'boolean';
export const isNum: Check = (v) => typeof v === 'number' && Number.isFinite(v);
export const isStr: Check = (v) => typeof v === 'string' && v.length <= MAX_STORED_STRING;
export const isObj: Check = (v) => isPlainObject(v) && isSafeJson(v);
export const nullable =
  (check: Check): Check =>
  (v) =>
    v === null || check(v);
export const oneOf =
  (...checks: Check[]): Check =>
  (v) =>
    checks.some((check) => check(v));

export type Shape<D> = { [K in keyof D]?: Check };

/** A nested object checked against its own shape (all listed keys required). */
export function shapeOf<D>(shape: Shape<D>): Check {
  return (value) => pickValid(value, shape, true) !== null;
}

/**
 * The listed fields of `value` when every one present passes its check, else null.
 * Unlisted fields are dropped; with `required`, a missing listed field is a failure too.
 */
export function pickValid<D>(value: unknown, shape: Shape<D>, required = false): Partial<D> | null {
  if (!isPlainObject(value) || !isSafeJson(value)) return null;
  const picked: Partial<D> = {};
  for (const key of Object.keys(shape) as Array<keyof D & string>) {
    if (!(key in value)) {
      if (required) return null;
      continue;
    }
    const check = shape[key] as Check;
    if (!check(value[key])) return null;
    picked[key] = value[key] as D[typeof key];
  }
  return picked;
}
