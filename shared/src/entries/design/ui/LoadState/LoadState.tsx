import type { ReactNode } from 'react';
// In `@haven/shared/design` (no state, bundled where used, no stylesheet): a first-paint chunk can show a read
// with it. The root's things come through '@haven/shared'.
import { Spinner, type ApiRead } from '@haven/shared';
import { LoadFailed } from '../LoadFailed/LoadFailed';

export interface LoadStateProps<T> {
  read: ApiRead<T>;
  /** What is loaded, as a sentence starts it ('Your assigned tools'): the spinner's and the failure's words. */
  what: string;
  /** What the data shows; without it the data is the page's to show (nothing is rendered once loaded). */
  children?: (data: T) => ReactNode;
}

/**
 * What a read shows: a spinner named for what loads (a status), the failure with a Retry button (an
 * alert: LoadFailed, the house's words), or the children with the data. Never an endless spinner nor a blank page.
 */
export function LoadState<T>({ read, what, children }: LoadStateProps<T>) {
  if (read.status === 'loading') return <Spinner label={`Loading ${what.charAt(0).toLowerCase()}${what.slice(1)}`} />;
  // A page whose read can name nothing shows its not-found page itself; here it is a failure like any other.
  if (read.status === 'failed' || read.status === 'not-found') return <LoadFailed what={what} retry={read.retry} />;
  return children ? <>{children(read.data)}</> : null;
}
