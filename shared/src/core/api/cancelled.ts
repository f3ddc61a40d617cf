// No axios import here: checking an error must not pull axios into a page's first paint.

/** A request this page cancelled itself (AbortController): the error catalogue (product rules, Errors and messages) ignores these silently. */
export function isCancelledRequest(error: unknown): boolean {
  if (error instanceof DOMException && error.name === 'AbortError') return true;
  // axios marks its CanceledError with __CANCEL__ (what axios's own isCancel reads).
  return typeof error === 'object' && error !== null && (error as { __CANCEL__?: unknown }).__CANCEL__ === true;
}
