// A provider sign-in (Google, Apple, Facebook, company SSO) whose e-mail already belongs to an account
// that provider's person is not linked to: the api answers 409 link_required with a link token, and the
// owner proves the account (password or e-mailed code) before the identity is linked and signs in.
import { isApiError } from '../api/api-error';

export interface LinkRequired {
  linkToken: string;
  email: string;
  provider: string;
  /** Which proofs the account accepts: its password only when its e-mail was proven. */
  ways: { password: boolean; code: boolean };
}

/** The link step a failed provider sign-in asks for, or null for any other failure. */
export function linkRequiredOf(error: unknown): LinkRequired | null {
  if (!isApiError(error) || error.response?.status !== 409) return null;
  const body: unknown = error.response.data;
  if (typeof body !== 'object' || body === null) return null;
  const b = body as {
    code?: unknown;
    link_token?: unknown;
    email?: unknown;
    provider?: unknown;
    ways?: { password?: unknown; code?: unknown };
  };
  if (b.code !== 'link_required' || typeof b.link_token !== 'string' || typeof b.email !== 'string') return null;
  return {
    linkToken: b.link_token,
    email: b.email,
    provider: typeof b.provider === 'string' ? b.provider : '',
    ways: { password: b.ways?.password === true, code: b.ways?.code !== false },
  };
}
