// Product rules, Errors and messages: "Error reporting runs only in the production stage": the Sentry React SDK, imported lazily
// (its own chunk), installed as the core's error sink. Every event and breadcrumb is scrubbed of
// tokens, e-mails and phone numbers before it leaves the page.
import { getRuntimeConfig, isProduction } from '../../config/runtime-config';
import { registerErrorSink, reportError } from '../../reporting/report-error';
import { scrubValue } from './scrub';

/**
 * Product rules, Attribution and analytics: "Tracing defaults: ... 30 s inactivity flush": the SDK's idle page-load/navigation span ends
 * 30 s after its last activity at the latest (finalTimeout). The spec's other tracing numbers (batch of
 * 100 spans, 60 s page settle, 24 h sampling refresh) have no matching setting in this SDK.
 */
export const TRACING_INACTIVITY_FLUSH_MS = 30_000;
export const TRACES_SAMPLE_RATE = 0.1;

export async function startErrorReporting(): Promise<void> {
  if (!isProduction()) return;
  const dsn = getRuntimeConfig().growth?.sentryDsn;
  if (!dsn) return;
  try {
    const Sentry = await import('@sentry/react');
    Sentry.init({
      dsn,
      environment: 'production',
      tracesSampleRate: TRACES_SAMPLE_RATE,
      integrations: [Sentry.browserTracingIntegration({ finalTimeout: TRACING_INACTIVITY_FLUSH_MS })],
      beforeSend: (event) => scrubValue(event),
      beforeSendTransaction: (event) => scrubValue(event),
      beforeBreadcrumb: (breadcrumb) => scrubValue(breadcrumb),
    });
    registerErrorSink((error, context) => {
      Sentry.captureException(error, context ? { extra: scrubValue(context) } : undefined);
    });
  } catch (error) {
    reportError(error, { where: 'error reporting start' });
  }
}
