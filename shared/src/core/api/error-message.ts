// The message a failed api call carries: the api answers { message, errors: [...] } (devise style).
import { isApiError } from './api-error';

/** First server error message, else the answer's message, else null. */
export function serverErrorMessage(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const data: unknown = error.response?.data;
  if (typeof data !== 'object' || data === null) return null;
  const body = data as { errors?: unknown; message?: unknown; error?: unknown };
  if (Array.isArray(body.errors)) {
    const first: unknown = body.errors[0];
    if (typeof first === 'string' && first.trim()) return first;
    if (typeof first === 'object' && first !== null && typeof (first as { message?: unknown }).message === 'string') {
      return (first as { message: string }).message;
    }
  }
  if (typeof body.message === 'string' && body.message.trim()) return body.message;
  if (typeof body.error === 'string' && body.error.trim()) return body.error;
  return null;
}

export function httpStatusOf(error: unknown): number | undefined {
  return isApiError(error) ? error.response?.status : undefined;
}

/** The api's machine-readable code of a refusal (`code`: rate_limited, code_replaced, …), if any. */
export function apiErrorCodeOf(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const data: unknown = error.response?.data;
  const code = typeof data === 'object' && data !== null ? (data as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : null;
}

/** Seconds to wait, from the Retry-After header (the contract); the body's retry_after if the header is not readable. */
export function retryAfterSeconds(headers: unknown, body: unknown): number | null {
  const header = (headers as Record<string, unknown> | undefined)?.['retry-after'];
  const fromHeader = typeof header === 'string' ? Number.parseInt(header, 10) : NaN;
  if (Number.isFinite(fromHeader) && fromHeader >= 0) return fromHeader;
  const fromBody = (body as { retry_after?: unknown } | null)?.retry_after;
  return typeof fromBody === 'number' && fromBody >= 0 ? Math.ceil(fromBody) : null;
}
