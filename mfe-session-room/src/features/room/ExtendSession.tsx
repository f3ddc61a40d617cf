// "Extend by 15 minutes" in the session's last minutes (the patient only): the price from the api's quote
// (the one extension price rule), a labelled dialog to confirm, then the room's end moves.
import { useEffect, useState } from 'react';
import { apiErrorCodeOf, Button, Dialog, reportError } from '@haven/shared';
import { describeApiError } from '@haven/shared/form-kit';
import { EXTENSION_MINUTES, EXTENSION_OFFER_MINUTES, extensionOffered, priceText } from '@haven/shared/booking-rules';
import { extendSession, ExtensionNotPaid, fetchExtensionQuote, type ExtensionQuote } from './extension-calls';

/** The api's own sentences for an extension it refuses, shown as they are. */
const KNOWN = [
  'Only a confirmed session can be extended.',
  'Only an online session can be extended.',
  'A session can be extended only while it is on, before it ends.',
  /^This session has been extended \d+ times already, the most it can be\.$/,
  'Your provider has another session right after this one, so this one cannot be extended.',
  'This session can no longer be extended: it has ended, or its provider has another session then',
].map((text) => ({ text, field: '', message: typeof text === 'string' ? text : 'This session cannot be extended again.' }));

/**
 * A paid extension the session could no longer take (it ended, or the provider was booked meanwhile):
 * the api refunds the payment in full and says so (409 from /verify, this code).
 */
export const REFUNDED = 'Your session could not be extended, so your payment is being refunded in full.';

/** The gateway's checkout failed or was left: the place is given back, the session ends as before. */
export const NOT_PAID = 'The payment did not go through, so your session was not extended. You can try again.';

export interface ExtendSessionProps {
  sessionId: string;
  endsAt: number;
  now: number;
  /** The session's new end (ISO), once extended. */
  onExtended: (endTime: string) => void;
}

export function ExtendSession({ sessionId, endsAt, now, onExtended }: ExtendSessionProps) {
  const [quote, setQuote] = useState<ExtensionQuote | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // The gateway's checkout is a window over the page: the room's dialog is modal (everything outside it
  // inert, itself on top), so it steps aside while the checkout is open and comes back with the outcome.
  const [atCheckout, setAtCheckout] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const near = now < endsAt && now >= endsAt - EXTENSION_OFFER_MINUTES * 60_000;

  // The quote is asked once the offer's minutes begin, and again after each extension (a new end).
  useEffect(() => {
    if (!near) return undefined;
    let stale = false;
    fetchExtensionQuote(sessionId).then(
      (q) => {
        if (!stale) setQuote(q);
      },
      (error: unknown) => reportError(error, { where: 'session extension quote', sessionId }),
    );
    return () => {
      stale = true;
    };
  }, [near, sessionId, endsAt]);

  if (!quote || quote.refusal || !extensionOffered(endsAt, now, quote.used)) return null;
  const price = quote.amount > 0 ? `It costs ${priceText(quote.amount, quote.currency)}, paid now.` : 'There is no charge for it.';

  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const endTime = await extendSession(sessionId, { onCheckout: () => setAtCheckout(true) });
      setOpen(false);
      setQuote(null);
      onExtended(endTime);
    } catch (error) {
      if (error instanceof ExtensionNotPaid) {
        // The patient's own outcome at the checkout, not a fault: nothing to report.
        setProblem(NOT_PAID);
      } else if (apiErrorCodeOf(error) === 'extension_payment_refunded') {
        setProblem(REFUNDED);
      } else {
        const d = describeApiError(error, { action: 'extend your session', known: KNOWN });
        if (d.kind === 'network') reportError(error, { where: 'session extension', sessionId });
        setProblem(d.message);
      }
    } finally {
      setBusy(false);
      setAtCheckout(false);
    }
  };

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} disabled={atCheckout}>
        Extend by {EXTENSION_MINUTES} minutes
      </Button>
      {atCheckout ? <p role="status">Complete the payment in the checkout to extend your session.</p> : null}
      {open && !atCheckout ? (
        <Dialog
          title={`Extend your session by ${EXTENSION_MINUTES} minutes?`}
          description={price}
          onDismiss={busy ? undefined : () => setOpen(false)}
        >
          {problem ? (
            <p role="alert" className="hv-form-error">
              {problem}
            </p>
          ) : null}
          <div className="hv-dialog__actions">
            <Button onClick={() => void confirm()} disabled={busy}>
              {quote.amount > 0 ? `Pay ${priceText(quote.amount, quote.currency)} and extend` : 'Extend'}
            </Button>
            <Button variant="ghost" onClick={() => setOpen(false)} disabled={busy}>
              Not now
            </Button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
