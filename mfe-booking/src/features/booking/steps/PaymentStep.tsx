import { useState } from 'react';
import { Button, Spinner, currencySymbol, reportError } from '@haven/shared';
import { fetchBooking } from '../api/booking-calls';
import { settleSimulated, type CheckoutOutcome } from '../api/payment-calls';
import { useLoad } from '../../common/useLoad';

interface Props {
  bookingUuid: string;
  transactionId: string;
  onPaid(): void;
  onNotPaid(outcome: Exclude<CheckoutOutcome, 'success'>): void;
}

/**
 * Step 6: the payment adapter. Outside production the api is the gateway and this is its checkout
 * (pay, a failed payment, or leaving); in production the real gateway's checkout takes this place.
 */
export function PaymentStep({ bookingUuid, transactionId, onPaid, onNotPaid }: Props) {
  const booking = useLoad(bookingUuid, (signal) => fetchBooking(bookingUuid, signal), 'payment-booking');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const settle = async (outcome: CheckoutOutcome) => {
    setBusy(true);
    setError(null);
    try {
      await settleSimulated(transactionId, outcome);
      if (outcome === 'success') onPaid();
      else onNotPaid(outcome);
    } catch (e) {
      reportError(e, { area: 'payment' });
      setError('The payment could not be completed. Nothing was charged; please try again.');
      setBusy(false);
    }
  };
  const amount = booking.data ? `${currencySymbol(booking.data.currency)}${booking.data.fee.toLocaleString('en-IN')}` : '';
  return (
    <section aria-labelledby="hv-pay-heading" className="hv-booking__confirm">
      <h2 id="hv-pay-heading">Payment</h2>
      {!booking.data && !booking.error && <Spinner label="Loading payment" />}
      {booking.error && <p role="alert">We could not load this payment. Please go back and try again.</p>}
      {booking.data && (
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
  );
}
