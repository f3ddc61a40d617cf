// The one error-reporting adapter (product rules, Errors and messages): real reporting only in the production stage, through a
// pluggable sink so the vendor SDK is chosen and loaded by the app, not compiled into the core. The SDK
// loads after the page's first work, so what fails before it (the boot, a remote that cannot load, an
// uncaught error) is held in a small buffer and handed to the sink when it is installed.
import { isProduction, isRuntimeConfigLoaded } from '../config/runtime-config';

export type ErrorContext = Record<string, unknown>;
export type ErrorSink = (error: Error, context?: ErrorContext) => void;

/** Errors held before the sink is installed: enough for a failed boot, bounded for a page that loops. */
export const EARLY_ERRORS_MAX = 20;

let sink: ErrorSink | null = null;
let early: Array<{ error: Error; context?: ErrorContext }> = [];
let removeGlobalListeners: (() => void) | null = null;

/**
 * Installs the production reporter (e.g. a Sentry-like SDK), hands it what was reported before (marked
 * `early`), and stops the early global listeners (the SDK has its own). Returns a function that removes it.
 */
export function registerErrorSink(next: ErrorSink): () => void {
  sink = next;
  removeGlobalListeners?.();
  removeGlobalListeners = null;
  const held = early;
  early = [];
  if (isProduction()) {
    for (const { error, context } of held) {
      try {
        next(error, { ...context, early: true });
      } catch {
        // A broken reporter must not take the caller down with it.
      }
    }
  }
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
    if (isProduction() && sink) {
      sink(normalised, context);
      return;
    }
    // Before the config names the stage it may be production: held, and dropped once it says otherwise.
    if (!sink && (!isRuntimeConfigLoaded() || isProduction()) && early.length < EARLY_ERRORS_MAX) {
      early.push({ error: normalised, ...(context ? { context } : {}) });
    }
    console.error('[haven]', normalised, context ?? '');
  } catch {
    // A broken reporter must not take the caller down with it.
  }
}

/**
 * First thing in the boot: uncaught errors and unhandled rejections are reported (so held for the sink)
 * until the sink is installed.
 */
export function reportUncaughtErrorsUntilSinkStarts(target: Window = window): void {
  if (sink || removeGlobalListeners) return;
  const onError = (event: ErrorEvent) => reportError(event.error ?? event.message, { area: 'uncaught' });
  const onRejection = (event: PromiseRejectionEvent) => reportError(event.reason, { area: 'unhandled rejection' });
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  removeGlobalListeners = () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
