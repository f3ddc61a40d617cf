// The one error-reporting adapter (product rules, Errors and messages): real reporting only in the production stage, through a
// pluggable sink so the vendor SDK is chosen and loaded by the app, not compiled into the core.
import { isProduction } from '../config/runtime-config';

export type ErrorContext = Record<string, unknown>;
export type ErrorSink = (error: Error, context?: ErrorContext) => void;

let sink: ErrorSink | null = null;

/** Installs the production reporter (e.g. a Sentry-like SDK). Returns a function that removes it. */
export function registerErrorSink(next: ErrorSink): () => void {
  sink = next;
  return () => {
    if (sink === next) sink = null;
  };
}

function toError(error: unknown): Error {
  if (error instanceof Error) return error;
  if (typeof error === 'string') return new Error(error);
  try {
    return new Error(JSON.stringify(error));
  } catch {
    return new Error(String(error));
  }
}

/** Reports and returns; never throws, because it runs inside catch blocks and interceptors. */
export function reportError(error: unknown, context?: ErrorContext): void {
  try {
    const normalised = toError(error);
    if (isProduction() && sink) sink(normalised, context);
    else console.error('[haven]', normalised, context ?? '');
  } catch {
    // A broken reporter must not take the caller down with it.
  }
}
