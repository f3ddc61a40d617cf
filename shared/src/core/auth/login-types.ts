// What a login answers and takes, in a file of its own: the sign-in entry's shape names them, and the core's
// loader of that entry must not reach the login (and through it the api client) for a type.
import type { Navigate } from '../platform/app-navigation';
import type { ApiUser } from './api/types';

export type LoginOutcome =
  | { ok: true; user: ApiUser }
  | { ok: false; reason: 'auth' | 'clinician' | 'firebase'; error: string; cause?: unknown }
  /** A logout started while this login was finishing (e.g. /auth/log-out opened with a stored session). */
  | { ok: false; reason: 'logged-out'; error: string };

export interface LoginOptions {
  /** The auth error text for a failed request; default: the first server message, else a generic one. */
  errorMessage?: (error: unknown) => string | null;
  /** Used by the clinician logout so the page (and its toast) stays alive. */
  navigate?: Navigate;
}
