import { useState } from 'react';
import { Button, apiErrorCodeOf, isProduction, reportError, serverErrorMessage, useHavenStore, useApiRead } from '@haven/shared';
import { LoadState } from '@haven/shared/design';
import { moneyText } from '@haven/shared/booking-rules';
import { slotLabel } from '@haven/shared/session-times';
import { fetchBooking } from '../api/booking-calls';
import { BookingSummary } from '../BookingSummary';
import { sessionSummary } from '../session-summary';
import {
  fetchTransaction,
  releasePayment,
  settleSimulated,
  startTransaction,
  verifyPayment,
  type CheckoutOutcome,
} from '../api/payment-calls';

interface Props {
  bookingUuid: string;
  /** The open checkout; null when the patient comes back to finish paying a hold (one is opened then). */
  transactionId: string | null;
  /** The zone the patient chose, for the link to the session page. */
  zone: string;
  /** Whom the booking is for ('you', or the acting profile's name). */
  forWhom: string | null;
  onPaid(): void;
  onNotPaid(outcome: Exclude<CheckoutOutcome, 'success'>): void;
  /** The booking is no longer waiting for a payment (cancelled, lapsed): back to the choices. */
  onStartAgain(): void;
}

/** Statuses in which the booking has been settled: its checkout never offers to pay again. */
const SETTLED = ['confirmed', 'completed', 'no_show'];

/**
 * Step 6: the payment adapter. In production the real gateway's checkout (its script loaded only now,
 * only there); elsewhere the api is the gateway and this is its checkout (pay, a failed payment, or
 * leaving). Either way a failure or leaving books nothing and goes back to Confirm with the choices kept.
 */
export function PaymentStep({ bookingUuid, transactionId, zone, forWhom, onPaid, onNotPaid, onStartAgain }: Props) {
  const booking = useApiRead((signal) => fetchBooking(bookingUuid, signal), [bookingUuid], 'payment-booking');
  const user = useHavenStore((s) => s.auth.user);
  const gateway = isProduction();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The gateway took the money after the booking could no longer be confirmed: the api's word that it is refunded. */
  const [refunded, setRefunded] = useState<string | null>(null);
  /** The real gateway: its order, its checkout, then the api checks the signature (or releases the slot). */
  const payAtGateway = async (transactionId: string): Promise<CheckoutOutcome> => {
    const tx = await fetchTransaction(transactionId);
    const { gatewayOrderFor, payWithGateway } = await import('@haven/shared/payment-gateway');
    const result = await payWithGateway(
      gatewayOrderFor(tx, {
        description: booking.data ? `Session with ${booking.data.provider.firstname} ${booking.data.provider.lastname}` : 'Session',
        prefill: { email: user?.email ?? undefined, contact: user?.mobile ?? undefined },
      }),
    );
    if (result.outcome === 'success') await verifyPayment(transactionId, result.paymentId, result.signature);
    else await releasePayment(transactionId, result.outcome);
    return result.outcome;
  };
  const settle = async (outcome: CheckoutOutcome) => {
    setBusy(true);
    setError(null);
    try {
      // Coming back to finish paying a hold: its open checkout (the api answers the same one when there is one).
      const tx = transactionId ?? (await startTransaction(bookingUuid)).transaction_id;
      const result = gateway ? await payAtGateway(tx) : (await settleSimulated(tx, outcome), outcome);
      if (result === 'success') onPaid();
      else onNotPaid(result);
    } catch (e) {
      if (apiErrorCodeOf(e) === 'booking_payment_refunded') {
        // Not an error of ours: the hold lapsed while the patient paid, and the api refunds the payment.
        const said = serverErrorMessage(e) ?? 'Your booking could not be confirmed, so your payment is being refunded in full.';
        setRefunded(said);
        setError(said); // shown too if the booking still waits (a checkout of an older price)
        setBusy(false);
        booking.retry();
        return;
      }
      reportError(e, { area: 'payment' });
      setError('The payment could not be completed. Nothing was charged; please try again.');
      setBusy(false);
      // The api decides: the booking may have been paid meanwhile (another tab, Back after paying).
      booking.retry();
    }
  };
  const b = booking.data;
  const amount = b ? moneyText(b.fee, b.currency) : '';
  const settled = b !== null && SETTLED.includes(b.status);
  const waiting = b !== null && (b.status === 'pending' || b.status === 'suggested');
  const when = b ? slotLabel(b.start_time, zone) : null;
  return (
    <div className="hv-booking__layout">
      {b && (
        // The checkout repeats what is paid for: who, when, for whom, and how the amount adds up (the booking's own lines).
        <BookingSummary
          providerName={`${b.provider.firstname} ${b.provider.lastname}`}
          when={when ? `${when.text} ${when.zone}` : null}
          session={sessionSummary(b.session_type, b.mode, b.duration_minutes)}
          forWhom={forWhom}
          price={{ lines: b.price_lines ?? [{ kind: 'list', label: 'Session fee', amount: b.fee }], total: b.fee, currency: b.currency }}
        />
      )}
      <section aria-labelledby="hv-pay-heading" className="hv-booking__confirm">
        <h2 id="hv-pay-heading" tabIndex={-1}>
          {settled ? 'Paid' : 'Payment'}
        </h2>
        {!b && <LoadState read={booking} what="This payment" />}
        {b && settled && (
          <div className="hv-checkout" role="group" aria-label="Paid">
            <p role="status" data-testid="checkout-paid">
              This session is paid and booked
              {b.fee > 0 ? (
                <>
                  : <strong data-testid="amount-paid">{amount}</strong>
                </>
              ) : null}
              . There is nothing more to pay.
            </p>
            <p className="hv-booking__actions">
              <a className="hv-button-link" href={`/booking/session/${bookingUuid}?tz=${encodeURIComponent(zone)}`}>
                See your session
              </a>
              <a href="/dashboard">Go to my dashboard</a>
            </p>
          </div>
        )}
        {b && !settled && !waiting && (
          <div className="hv-checkout" role="group" aria-label="Checkout ended">
            <p role="status" data-testid="checkout-ended">
              {refunded ?? (
                <>
                  {b.status === 'expired' ? 'The time to pay for this session ran out' : 'This booking was cancelled'}, so nothing was
                  charged and the time is no longer held for you.
                </>
              )}
            </p>
            <Button onClick={onStartAgain}>Choose a time again</Button>
          </div>
        )}
        {b && waiting && gateway && (
          <div className="hv-checkout" role="group" aria-label="Checkout">
            <p>
              Amount due: <strong data-testid="amount-due">{amount}</strong>
            </p>
            {error && <p role="alert">{error}</p>}
            <Button onClick={() => void settle('success')} disabled={busy} aria-busy={busy}>
              Pay {amount}
            </Button>
          </div>
        )}
        {b && waiting && !gateway && (
          <div className="hv-checkout" role="group" aria-label="Simulated checkout (development)">
            <p>
              Amount due: <strong data-testid="amount-due">{amount}</strong>
            </p>
            <p className="hv-checkout__note">This is the development checkout: no money moves.</p>
            {error && <p role="alert">{error}</p>}
            <Button onClick={() => void settle('success')} disabled={busy}>
              Pay {amount}
            </Button>
            <Button variant="secondary" onClick={() => void settle('failure')} disabled={busy}>
              Simulate a failed payment
            </Button>
            <Button variant="ghost" onClick={() => void settle('abandon')} disabled={busy}>
              Leave the checkout
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}
