// Extending the session from the room (api/README.md "Session extensions"): the quote, the request, and
// paying it through the same temporary transaction a booking is paid with.
import { apiClient, type ApiPaths } from '@haven/shared';

type Data<P extends keyof ApiPaths, M extends 'get' | 'post', S extends 200 | 201> = ApiPaths[P] extends {
  [K in M]: { responses: { [C in S]: { content: { 'application/json': { data: infer D } } } } };
}
  ? D
  : never;
export type ExtensionQuote = Data<'/api/v1/customers/bookings/{uuid}/extension', 'get', 200>;
export type ExtensionAnswer = Data<'/api/v1/customers/bookings/{uuid}/extensions', 'post', 201>;

export async function fetchExtensionQuote(sessionId: string): Promise<ExtensionQuote> {
  return (await apiClient.get<{ data: ExtensionQuote }>(`/customers/bookings/${encodeURIComponent(sessionId)}/extension`)).data.data;
}

/** Paying in the room is the simulated checkout (development and test); the gateway's checkout is not in the room. */
export class GatewayCheckoutUnavailable extends Error {}

/**
 * Extends the session: a free extension is applied by the request; a priced one is paid by settling its
 * transaction. Answers the session's new end.
 */
export async function extendSession(sessionId: string): Promise<string> {
  const asked = (await apiClient.post<{ data: ExtensionAnswer }>(`/customers/bookings/${encodeURIComponent(sessionId)}/extensions`, {}))
    .data.data;
  const t = asked.transaction;
  if (!t) return asked.booking.end_time;
  if (t.gateway !== 'simulated') {
    // Give the place back at once rather than hold it for a checkout this page cannot open.
    await apiClient.post(`/payments/${t.transaction_id}/release`, { outcome: 'abandon' });
    throw new GatewayCheckoutUnavailable('The gateway checkout is not available in the room');
  }
  const paid = await apiClient.post<{ data: { booking: { end_time: string } } }>(`/payments/${t.transaction_id}/simulate`, {
    outcome: 'success',
  });
  return paid.data.data.booking.end_time;
}
