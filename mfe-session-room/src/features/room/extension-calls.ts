// Extending the session from the room (api/README.md "Session extensions"): the quote, the request, and
// paying it through the same temporary transaction a booking is paid with: the production gateway's
// checkout (then /verify or /release), or elsewhere the api's simulated checkout.
import { apiClient, havenStore, type ApiPaths } from '@haven/shared';

type Data<P extends keyof ApiPaths, M extends 'get' | 'post', S extends 200 | 201> = ApiPaths[P] extends {
  [K in M]: { responses: { [C in S]: { content: { 'application/json': { data: infer D } } } } };
}
  ? D
  : never;
export type ExtensionQuote = Data<'/api/v1/customers/bookings/{uuid}/extension', 'get', 200>;
export type ExtensionAnswer = Data<'/api/v1/customers/bookings/{uuid}/extensions', 'post', 201>;
type ExtensionTransaction = NonNullable<ExtensionAnswer['transaction']>;
type Settled = { data: { booking: { end_time: string } } };

export async function fetchExtensionQuote(sessionId: string): Promise<ExtensionQuote> {
  return (await apiClient.get<{ data: ExtensionQuote }>(`/customers/bookings/${encodeURIComponent(sessionId)}/extension`)).data.data;
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
  const asked = (await apiClient.post<{ data: ExtensionAnswer }>(`/customers/bookings/${encodeURIComponent(sessionId)}/extensions`, {}))
    .data.data;
  const t = asked.transaction;
  if (!t) return asked.booking.end_time;
  if (t.gateway !== 'simulated') return payAtGateway(t, asked.extension.minutes, onCheckout);
  const paid = await apiClient.post<Settled>(`/payments/${t.transaction_id}/simulate`, { outcome: 'success' });
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
    const verified = await apiClient.post<Settled>(`/payments/${t.transaction_id}/verify`, {
      gateway_payment_id: result.paymentId,
      gateway_signature: result.signature,
    });
    return verified.data.data.booking.end_time;
  }
  await apiClient.post(`/payments/${t.transaction_id}/release`, { outcome: result.outcome });
  throw new ExtensionNotPaid(result.outcome);
}
