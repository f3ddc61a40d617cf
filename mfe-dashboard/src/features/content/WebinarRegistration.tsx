// Registering for a webinar: whether I already am, the seats left, and one button; once registered, a
// button that cancels it (before the webinar starts) and frees the seat. A webinar that has started or is
// full says so instead of offering the button; a failed registration or cancel says why and keeps the
// button to try again.
import { useState } from 'react';
import { Button, reportError, serverErrorMessage, useApiRead } from '@haven/shared';
import { LoadState } from '@haven/shared/design';
import {
  cancelWebinarRegistration,
  getWebinarRegistration,
  registerForWebinar,
  type WebinarRegistration as Registration,
} from './api/content-calls';

export function WebinarRegistration({ slug, startsAt }: { slug: string; startsAt: string }) {
  const read = useApiRead((signal) => getWebinarRegistration(slug, signal), [slug], { where: 'webinar registration', slug });
  const [saved, setSaved] = useState<Registration | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const state = saved ?? read.data;
  // When the page opened: a webinar that starts while it is open is refused by the api (422), said here.
  const [openedAt] = useState(() => Date.now());
  const started = new Date(startsAt).getTime() <= openedAt;

  /** Registers or cancels; a refusal says why (the server's words when it gave some) and keeps the button. */
  const change = async (call: (slug: string) => Promise<Registration>, what: string, fallback: string) => {
    setBusy(true);
    setProblem(null);
    try {
      setSaved(await call(slug));
    } catch (e) {
      reportError(e, { where: what, slug });
      setProblem(serverErrorMessage(e) ?? fallback);
    } finally {
      setBusy(false);
    }
  };
  const register = () => change(registerForWebinar, 'webinar registration', 'You are not registered yet. Please try again.');
  const cancel = () =>
    change(cancelWebinarRegistration, 'webinar registration cancel', 'Your registration is not cancelled yet. Please try again.');

  return (
    <section aria-labelledby="webinar-registration-heading" className="hv-card hv-content-noprint">
      <h2 id="webinar-registration-heading">Registration</h2>
      <LoadState read={read} what="Your registration" />
      {state ? (
        state.registered ? (
          <>
            <p role="status">You are registered. Your seat is saved.</p>
            {started ? null : (
              <Button variant="secondary" onClick={() => void cancel()} disabled={busy}>
                {busy ? 'Cancelling…' : 'Cancel registration'}
              </Button>
            )}
          </>
        ) : started ? (
          <p>This webinar has already taken place.</p>
        ) : state.seats_left === 0 ? (
          <p>This webinar is full.</p>
        ) : (
          <>
            {state.seats_left !== null ? <p className="hv-session__meta">{state.seats_left} seats left</p> : null}
            <Button onClick={() => void register()} disabled={busy}>
              {busy ? 'Registering…' : 'Register for this webinar'}
            </Button>
          </>
        )
      ) : null}
      {problem ? (
        <p role="alert" className="hv-form-error">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
