// Extending the session from the room (api/README.md "Session extensions"): the quote, the request, and
// paying it through the same temporary transaction a booking is paid with: the production gateway's
// checkout (then /verify or /release), or elsewhere the api's simulated checkout.
import { type Answer, apiClient, havenStore } from '@haven/shared';

export type ExtensionQuote = Answer<'/customers/bookings/{uuid}/extension', 'get'>['data'];
export type ExtensionAnswer = Answer<'/customers/bookings/{uuid}/extensions', 'post'>['data'];
type ExtensionTransaction = NonNullable<ExtensionAnswer['transaction']>;

export async function fetchExtensionQuote(sessionId: string): Promise<ExtensionQuote> {
  return (
    await apiClient.get<Answer<'/customers/bookings/{uuid}/extension', 'get'>>(
      `/customers/bookings/${encodeURIComponent(sessionId)}/extension`,
    )
  ).data.data;
}

/** The patient's payment failed at the gateway or they left its checkout: the api gave the place back. */
export class ExtensionNotPaid extends Error {
  constructor(readonly outcome: 'failure' | 'abandon') {
    super(`The extension's payment ended with ${outcome}`);
  }
}

export interface ExtendOptions {
  /** Called just before the gateway's checkout opens (it is a window of its own over the page). */
  onCheckout?: () => void;
}

/**
 * Extends the session: a free extension is applied by the request; a priced one is paid by settling its
 * transaction. Answers the session's new end.
 */
export async function extendSession(sessionId: string, { onCheckout }: ExtendOptions = {}): Promise<string> {
  const asked = (
    await apiClient.post<Answer<'/customers/bookings/{uuid}/extensions', 'post'>>(
      `/customers/bookings/${encodeURIComponent(sessionId)}/extensions`,
      {},
    )
  ).data.data;
  const t = asked.transaction;
  if (!t) return asked.booking.end_time;
  if (t.gateway !== 'simulated') return payAtGateway(t, asked.extension.minutes, onCheckout);
  const paid = await apiClient.post<Answer<'/payments/{uuid}/simulate', 'post'>>(`/payments/${t.transaction_id}/simulate`, {
    outcome: 'success',
  });
  return paid.data.data.booking.end_time;
}

/** The gateway's checkout for the order the api opened; the api then checks its signature (or frees the place). */
async function payAtGateway(t: ExtensionTransaction, minutes: number, onCheckout?: () => void): Promise<string> {
  const user = havenStore.getState().auth.user;
  const { gatewayOrderFor, payWithGateway } = await import('@haven/shared/payment-gateway');
  const order = gatewayOrderFor(t, {
    description: `${minutes} more minutes of your session`,
    prefill: { email: user?.email ?? undefined, contact: user?.mobile ?? undefined },
  });
  onCheckout?.();
  const result = await payWithGateway(order);
  if (result.outcome === 'success') {
    const verified = await apiClient.post<Answer<'/payments/{uuid}/verify', 'post'>>(`/payments/${t.transaction_id}/verify`, {
      gateway_payment_id: result.paymentId,
      gateway_signature: result.signature,
    });
    return verified.data.data.booking.end_time;
  }
  await apiClient.post<Answer<'/payments/{uuid}/release', 'post'>>(`/payments/${t.transaction_id}/release`, { outcome: result.outcome });
  throw new ExtensionNotPaid(result.outcome);
}
