import { Button } from '@haven/shared';

export interface LoadFailedProps {
  /** What did not load, as a sentence starts it ('Your package'). */
  what: string;
  /** Loads it again (for code that did not arrive, a reload of the page). */
  retry: () => void;
}

/**
 * The house's words for a read that failed, an alert with its way out: "<what> could not be loaded." and Try
 * again. No stylesheet and nothing but the root's Button: a first-paint chunk carries it for a few bytes.
 */
export function LoadFailed({ what, retry }: LoadFailedProps) {
  return (
    <p role="alert">
      {what} could not be loaded.{' '}
      <Button variant="ghost" onClick={retry}>
        Try again
      </Button>
    </p>
  );
}
