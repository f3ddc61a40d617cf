// Sections that fill in one by one push what is already painted down. Laid
// out out of sight (`hidden`, so their loads still run) until everything they wait for is known, they
// appear at once in place of one spinner (or the page's own placeholder), and nothing painted moves.
import type { ReactNode } from 'react';
import { Spinner } from '@haven/shared';

export function ShownWhenSettled({
  settled,
  label,
  placeholder,
  children,
}: {
  settled: boolean;
  label: string;
  /** Shown instead of the spinner while loading (it says `label` itself). */
  placeholder?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      {settled ? null : (placeholder ?? <Spinner label={label} />)}
      <div hidden={!settled}>{children}</div>
    </>
  );
}
