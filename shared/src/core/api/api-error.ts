// Is this a failed api call? The same test as axios's `isAxiosError`, without importing axios: the core
// and the remotes can check errors without pulling axios into a page's first paint.
import type { AxiosError } from 'axios';

export function isApiError<T = unknown, D = unknown>(error: unknown): error is AxiosError<T, D> {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}
