// Sections that fill in one by one push what is already painted down. Laid
// out out of sight (`hidden`, so their loads still run) until everything they wait for is known, they
// appear at once in place of one spinner, and nothing painted moves.
import type { ReactNode } from 'react';
import { Spinner } from '@haven/shared';

export function ShownWhenSettled({ settled, label, children }: { settled: boolean; label: string; children: ReactNode }) {
  return (
    <>
      {settled ? null : <Spinner label={label} />}
      <div hidden={!settled}>{children}</div>
    </>
  );
}
