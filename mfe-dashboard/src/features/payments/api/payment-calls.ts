// Payments and invoices: the patient's paid sessions and their PDFs. The PDFs are fetched
// with the credential store's headers and saved from a blob: no signed link exists to leak or expire.
import { type Answer, apiClient, isApiError } from '@haven/shared';

export type PaidSession = Answer<'/customers/payments', 'get'>['data'][number];
export type PaymentDocument = 'invoice' | 'credit_note' | 'extension_invoice';

export async function listPayments(): Promise<PaidSession[]> {
  return (await apiClient.get<Answer<'/customers/payments', 'get'>>('/customers/payments')).data.data;
}

/** The file name the api gives (`attachment; filename="INV-2026-000001.pdf"`). */
export function attachmentName(header: unknown): string | null {
  return typeof header === 'string' ? (/filename="([^"]+)"/.exec(header)?.[1] ?? null) : null;
}

/** Where a payment's document is: a session's by its booking, an extension's by the extension. */
function documentPath(p: Pick<PaidSession, 'booking_uuid' | 'extension'>, kind: PaymentDocument): string {
  if (kind === 'extension_invoice' && p.extension) return `/customers/session_extensions/${encodeURIComponent(p.extension.uuid)}/invoice`;
  return `/customers/bookings/${encodeURIComponent(p.booking_uuid)}/${kind}`;
}

export async function downloadPaymentDocument(
  p: Pick<PaidSession, 'booking_uuid' | 'extension'>,
  kind: PaymentDocument,
  // The file's name is the page's, read from the answer's Content-Disposition header (no body field).
  // eslint-disable-next-line no-restricted-syntax
): Promise<{ blob: Blob; fileName: string }> {
  try {
    // A PDF's bytes: the contract's binary answer is a Blob once asked for as one (responseType 'blob').
    // eslint-disable-next-line no-restricted-syntax
    const r = await apiClient.get<Blob>(documentPath(p, kind), { responseType: 'blob' });
    return { blob: r.data, fileName: attachmentName(r.headers['content-disposition']) ?? `${kind}.pdf` };
  } catch (error) {
    // Asked for as a blob, an error body arrives as one too: read it so its message can be shown.
    const data: unknown = isApiError(error) ? error.response?.data : undefined;
    if (isApiError(error) && error.response && data instanceof Blob) {
      try {
        error.response.data = JSON.parse(await data.text()) as unknown;
      } catch {
        // not JSON (a proxy's page): the status alone describes it
      }
    }
    throw error;
  }
}
