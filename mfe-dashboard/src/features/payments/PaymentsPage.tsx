// /account/payments: the patient's paid sessions with "Download invoice", and "Download credit note"
// for a refunded one; a paid session extension is a row of its own with its extension invoice. A payment
// taken for a session or extension that could no longer be had is a row with its refund's state and no
// download (no invoice was issued). Amounts and numbers are the api's, from the stored payment. The account
// holder's list holds their children's sessions too: then every row says whom it was for.
import { useCallback, useEffect, useState } from 'react';
import { reportError, Spinner } from '@haven/shared';
import { describeApiError } from '@haven/shared/form-kit';
import { EmptyState, LoadFailed } from '@haven/shared/design';
import { moneyText } from '@haven/shared/booking-rules';
import { usePatientZone, sessionStartLabel } from '@haven/shared/session-times';
import { saveBlob } from '../common/save-blob';
import { downloadPaymentDocument, listPayments, type PaidSession, type PaymentDocument } from './api/payment-calls';
import { DOCUMENT_LABEL, DownloadButton } from './DownloadButton';

/** A payment taken but not applied: what it was for and where its refund stands. */
function unappliedLabel(p: PaidSession): string {
  const why = p.extension ? 'Session extension not possible' : 'Booking not confirmed: its time was released';
  const refund = { processed: 'Refunded in full', requested: 'Refund on its way', failed: REFUND_FAILED }[refundState(p.refund)];
  return `${why} · ${refund}`;
}

/** The api's own sentences for a document it cannot make, shown as they are. */
const KNOWN = [
  'This session has not been paid, so it has no invoice.',
  'This session was free, so there is nothing to invoice.',
  "Your organisation's package paid for this session, so there is no invoice for you.",
  'This session was not refunded, so it has no credit note.',
  'This extension has not been paid, so it has no invoice.',
  'This extension was free, so there is nothing to invoice.',
  'Invoices are not available yet. Please contact support.',
].map((text) => ({ text, field: '', message: text }));

/** Where a refund stands, as the patient reads it (a failed one is left to support, who refund it by hand). */
export const REFUND_FAILED = 'Refund failed: our support team will refund it and contact you';
function refundState(refund: PaidSession['refund']): 'processed' | 'failed' | 'requested' {
  // No refund row yet (a payment not applied whose refund is still to be reserved) is on its way too.
  return refund?.status === 'processed' || refund?.status === 'failed' ? refund.status : 'requested';
}

function statusLabel(p: PaidSession): string {
  if (p.refund?.status === 'processed') return `Cancelled, refunded ${moneyText(p.refund.amount, p.refund.currency)}`;
  if (p.refund?.status === 'failed') return `Cancelled. ${REFUND_FAILED}`;
  if (p.refund) return 'Cancelled, refund in progress';
  return (
    ({ completed: 'Completed', confirmed: 'Booked', cancelled: 'Cancelled' } as Record<string, string>)[p.booking_status] ??
    p.booking_status
  );
}

/** "For Kiran" on a child's row, "For you" on the holder's own, once the list holds anyone else's. */
function ForWhom({ p, named }: { p: PaidSession; named: boolean }) {
  if (!named) return null;
  return <p className="hv-account__meta">For {p.for_profile ? `${p.for_profile.first_name} ${p.for_profile.last_name}`.trim() : 'you'}</p>;
}

export function PaymentsPage() {
  const { zone } = usePatientZone();
  const [payments, setPayments] = useState<PaidSession[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const reload = useCallback(() => {
    listPayments()
      .then((list) => {
        setPayments(list);
        setFailed(false);
      })
      .catch((e: unknown) => {
        reportError(e, { where: 'payments list' });
        setPayments([]);
        setFailed(true);
      });
  }, []);
  useEffect(reload, [reload]);

  const download = async (p: PaidSession, kind: PaymentDocument) => {
    setProblem(null);
    setBusy(`${p.extension?.uuid ?? p.booking_uuid}:${kind}`);
    try {
      const { blob, fileName } = await downloadPaymentDocument(p, kind);
      saveBlob(blob, fileName);
    } catch (e) {
      // describeApiError reports the answers it does not know; a lost connection is reported here. The
      // known refusals are the api's own sentences, shown as they are.
      const d = describeApiError(e, { action: `download the ${DOCUMENT_LABEL[kind]}`, known: KNOWN });
      if (d.kind === 'network') reportError(e, { where: 'payment document download', kind });
      setProblem(d.message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="hv-account__card" aria-labelledby="payments-heading">
      <h2 id="payments-heading">Payments and invoices</h2>
      <p className="hv-account__note">An invoice for every session you paid for, and a credit note for every refund.</p>
      {problem ? (
        <p role="alert" className="hv-form-error">
          {problem}
        </p>
      ) : null}
      {payments === null ? <Spinner label="Loading your payments" /> : null}
      {failed ? <LoadFailed what="Your payments" retry={reload} /> : null}
      {payments?.length === 0 && !failed ? (
        <EmptyState>
          <p>No payments yet. Invoices for the sessions you pay for will show here.</p>
        </EmptyState>
      ) : null}
      <ul className="hv-account__list" aria-label="Your payments">
        {payments?.map((p, _i, all) => {
          const named = all.some((x) => x.for_profile);
          const who = `${p.provider.firstname} ${p.provider.lastname}`;
          const when = sessionStartLabel(p.start_time, zone) ?? '';
          const onDownload = (kind: PaymentDocument) => void download(p, kind);
          if (p.unapplied) {
            return (
              <li key={p.extension?.uuid ?? `${p.booking_uuid}:${p.paid_at}`} className="hv-account__row">
                <div>
                  <ForWhom p={p} named={named} />
                  <p className="hv-account__title">
                    <strong>{who}</strong>
                    <span className="hv-account__meta">
                      {' '}
                      · {when}
                      {p.extension ? ` · extension of ${p.extension.minutes} min` : ''}
                    </span>
                  </p>
                  <p className="hv-account__meta">
                    {moneyText(p.amount, p.currency)} · {unappliedLabel(p)}
                  </p>
                  <p className="hv-account__note">No invoice was issued for this payment.</p>
                </div>
              </li>
            );
          }
          if (p.extension) {
            return (
              <li key={p.extension.uuid} className="hv-account__row">
                <div>
                  <ForWhom p={p} named={named} />
                  <p className="hv-account__title">
                    <strong>{who}</strong>
                    <span className="hv-account__meta">
                      {' '}
                      · {when} · extended by {p.extension.minutes} min
                    </span>
                  </p>
                  <p className="hv-account__meta">
                    {moneyText(p.amount, p.currency)} · Session extension
                    {p.invoice_number ? ` · Invoice ${p.invoice_number}` : ''}
                  </p>
                </div>
                <span className="hv-account__actions hv-account__actions--wrap">
                  <DownloadButton kind="extension_invoice" who={who} when={when} disabled={busy !== null} onDownload={onDownload} />
                </span>
              </li>
            );
          }
          return (
            <li key={p.booking_uuid} className="hv-account__row">
              <div>
                <ForWhom p={p} named={named} />
                <p className="hv-account__title">
                  <strong>{who}</strong>
                  <span className="hv-account__meta"> · {when}</span>
                </p>
                <p className="hv-account__meta">
                  {moneyText(p.amount, p.currency)} · {statusLabel(p)}
                  {p.invoice_number ? ` · Invoice ${p.invoice_number}` : ''}
                  {p.credit_note_number ? ` · Credit note ${p.credit_note_number}` : ''}
                </p>
              </div>
              <span className="hv-account__actions hv-account__actions--wrap">
                <DownloadButton kind="invoice" who={who} when={when} disabled={busy !== null} onDownload={onDownload} />
                {p.refund?.status === 'processed' ? (
                  <DownloadButton kind="credit_note" who={who} when={when} disabled={busy !== null} onDownload={onDownload} />
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
