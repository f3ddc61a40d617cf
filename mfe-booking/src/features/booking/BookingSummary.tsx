import { priceText } from '@haven/shared/booking-rules';

/** One line of the one price rule (the quote's, or the booking's price_lines): discounts are negative. */
export interface SummaryLine {
  kind: string;
  label: string;
  amount: number;
}

interface Props {
  providerName: string;
  /** The time in the patient's zone ('Mon 7 Dec, 6:30 AM IST'); null before one is chosen. */
  when: string | null;
  /** 'Individual, online, 50 minutes'; null before it is known. */
  session: string | null;
  /** Whom the session is for: 'you', or the acting profile's name. */
  forWhom: string | null;
  /** The rule's lines, as the quote or the booking carries them; null while there is no price yet. */
  price: { lines: readonly SummaryLine[]; total: number; currency: string } | null;
  /** A session a company package covers: who pays and ₹0 (or $0), in place of the price lines. */
  sponsored?: { covered: string; price: string } | null;
}

const amountText = (amount: number, currency: string) =>
  amount < 0 ? `−${priceText(-amount, currency)}` : amount === 0 ? priceText(0, currency) : priceText(amount, currency);

/**
 * The booking so far, beside every step (a side panel on wide screens, a compact block above the step
 * on narrow ones): provider, time, kind, whom it is for, and each line of the price with the total, so
 * the sum can be checked. The lines are shown as given: any line the quote carries (a package's cover
 * too) has its place without a change here.
 */
export function BookingSummary({ providerName, when, session, forWhom, price, sponsored = null }: Props) {
  return (
    <aside className="hv-booking__aside" aria-labelledby="hv-summary-heading" data-testid="booking-summary">
      <h2 id="hv-summary-heading" className="hv-booking__aside-heading">
        Your booking
      </h2>
      <dl className="hv-booking__summary">
        <div>
          <dt>With</dt>
          <dd>{providerName}</dd>
        </div>
        {when && (
          <div>
            <dt>When</dt>
            <dd data-testid="confirm-when">{when}</dd>
          </div>
        )}
        {session && (
          <div>
            <dt>Session</dt>
            <dd>{session}</dd>
          </div>
        )}
        {forWhom && (
          <div>
            <dt>For</dt>
            <dd data-testid="summary-for">{forWhom}</dd>
          </div>
        )}
        {sponsored && (
          <div>
            <dt>Fee</dt>
            <dd data-testid="confirm-fee">
              {sponsored.covered} · <strong>{sponsored.price}</strong>
            </dd>
          </div>
        )}
      </dl>
      {price && (
        <table className="hv-booking__price" aria-label="Price">
          <tbody>
            {price.lines.map((l, i) => (
              <tr key={`${l.kind}-${i}`} data-kind={l.kind}>
                <th scope="row">{l.label}</th>
                <td>{amountText(l.amount, price.currency)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td data-testid="booking-total">{priceText(price.total, price.currency)}</td>
            </tr>
          </tfoot>
        </table>
      )}
    </aside>
  );
}
