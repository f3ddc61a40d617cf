import { isCancel } from 'axios';

/** A request this page cancelled itself (AbortController): spec §8 ignores these silently. */
export function isCancelledRequest(error: unknown): boolean {
  return isCancel(error) || (error instanceof DOMException && error.name === 'AbortError');
}
