// The one submit pattern of the dashboard's dialogs: busy while the api call runs; on failure the
// dialog stays open with what was typed, a message says what to do, and the error is reported.
import { useState } from 'react';
import { reportError } from '@haven/shared';

export const TRY_AGAIN = 'That did not go through. Please check your connection and try again.';

export function useDialogAction(failureMessage: string = TRY_AGAIN) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (where: string, action: () => Promise<void>, done: () => void) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      done();
    } catch (e) {
      reportError(e, { where });
      setError(failureMessage);
      setBusy(false);
    }
  };
  const alert = error ? (
    <p role="alert" className="hv-form-error">
      {error}
    </p>
  ) : null;
  return { busy, run, alert, setError };
}
