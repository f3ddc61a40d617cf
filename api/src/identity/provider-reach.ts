// Identity providers are asked over the network: Google's, Apple's and a company's published key sets,
// and Facebook's Graph API. A provider out of reach (no connection, no answer in time, a 5xx, an answer
// that cannot be read: cut off, or not the JSON object it documents) is neither
// the person's fault nor a refusal of their token: the sign-in answers 503 with a code and a sentence
// the sign-in page shows as it is, the cause is logged (core/errors.ts), and it is not counted as a
// failed attempt. A provider that answers (a 4xx included) has spoken: its refusal stays a refusal.
import { HttpError } from '../core/http.js';

export const PROVIDER_UNREACHABLE = 'provider_unreachable';
/** How long a provider has to answer (jose's own default for key sets). */
export const PROVIDER_TIMEOUT_MS = 5000;

export class ProviderUnreachable extends HttpError {
  /** `provider` as the sentence names it: "Facebook", "your company’s sign-in". */
  constructor(provider: string, cause: unknown) {
    super(503, `We could not reach ${provider}. Please try again.`, { code: PROVIDER_UNREACHABLE });
    this.cause = cause;
  }
}

/** Not a failed attempt (limits.attempt's `counts`): the provider was out of reach, the token never judged. */
export const countsAsFailedAttempt = (e: unknown) => !(e instanceof ProviderUnreachable);

/**
 * One request to a provider: its answer when it answered (2xx to 4xx), ProviderUnreachable otherwise.
 * The cause names the provider's origin only: a Graph address carries our app secret and the person's token.
 */
export async function askProvider(provider: string, url: string, init: RequestInit = {}): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: init.signal ?? AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (e) {
    throw new ProviderUnreachable(provider, e);
  }
  if (res.status < 500) return res;
  await res.body?.cancel();
  throw new ProviderUnreachable(provider, new Error(`${new URL(url).origin} answered ${res.status}`));
}

/**
 * The JSON object a provider answered; ProviderUnreachable when the answer cannot be read (cut off, not
 * JSON, or JSON that is not an object, e.g. a proxy's HTML page with a 200): what it meant is unknown,
 * so it is neither a refusal nor a person to sign in.
 */
export async function providerJson(provider: string, res: Response): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await res.json();
  } catch (e) {
    throw new ProviderUnreachable(
      provider,
      new Error(`${originOf(res)} answered ${res.status} with a body that is not JSON`, { cause: e }),
    );
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ProviderUnreachable(provider, new Error(`${originOf(res)} answered ${res.status} with JSON that is not an object`));
  return body as Record<string, unknown>;
}

/** The origin only: a Graph address carries our app secret and the person's token. */
const originOf = (res: Response) => (res.url ? new URL(res.url).origin : 'the provider');
