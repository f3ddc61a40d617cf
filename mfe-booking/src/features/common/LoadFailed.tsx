import { Button } from '@haven/shared';

/** A failed load: what could not be loaded, and a retry (never an endless spinner). */
export function LoadFailed({ what, onRetry }: { what: string; onRetry(): void }) {
  return (
    <p role="alert">
      We could not load {what}.{' '}
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </p>
  );
}
