import { useState } from 'react';
import { browserTimeZone, Spinner, useApiRead } from '@haven/shared';
import { LoadFailed } from '@haven/shared/design';
import { sessionStartLabel } from '@haven/shared/session-times';
import { fetchCreditHistory, type CreditMovement } from './api/package-calls';

function movementText(m: CreditMovement, zone: string): string {
  const session = `${sessionStartLabel(m.session_start, zone) ?? 'a session'} with ${m.provider_name} (${m.for_name})`;
  return m.kind === 'used' ? `Used for ${session}` : `Given back: ${session} was cancelled`;
}

function CreditHistoryList() {
  const state = useApiRead(fetchCreditHistory, [], 'partner credit history');
  const zone = browserTimeZone();
  if (state.status === 'loading') return <Spinner label="Loading your sponsored sessions" />;
  if (state.status === 'failed') return <LoadFailed what="Your sponsored sessions" retry={state.retry} />;
  if (!state.data || state.data.history.length === 0) return <p>You have not used a sponsored session yet.</p>;
  return (
    <ol className="hv-partner__history" aria-label="Sponsored sessions, newest first">
      {state.data.history.map((m) => (
        <li key={`${m.booking_uuid}-${m.kind}`}>
          {movementText(m, zone)}. <span className="hv-partner__history-left">{m.credits_left} left after this.</span>
        </li>
      ))}
    </ol>
  );
}

/** The package's credits, used and given back, read when the person opens it (not with the card). */
export function CreditHistory() {
  const [open, setOpen] = useState(false);
  return (
    <details className="hv-partner__details" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Where your sponsored sessions went</summary>
      {open ? <CreditHistoryList /> : null}
    </details>
  );
}
