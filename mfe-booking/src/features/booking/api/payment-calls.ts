import { type Answer, apiClient, type Body } from '@haven/shared';

export type CheckoutOutcome = 'success' | 'failure' | 'abandon';
/** The api's temporary transaction (OpenAPI contract). */
export type Transaction = Answer<'/payments/temporary_transaction', 'post'>['data'];

/** The temporary transaction for a pending booking. */
export async function startTransaction(bookingUuid: string, couponCode?: string | null): Promise<Transaction> {
  const { data } = await apiClient.post<Answer<'/payments/temporary_transaction', 'post'>>('/payments/temporary_transaction', {
    booking_uuid: bookingUuid,
    ...(couponCode ? { coupon_code: couponCode } : {}),
  });
  return data.data;
}

/** The api's coupon check (OpenAPI contract). */
export type CouponCheck = Answer<'/coupons/validate', 'post'>['data'];

/** Coupon validate: the amount after the coupon for this provider, mode, session type, time and length (OpenAPI contract). */
export async function validateCoupon(body: Body<'/coupons/validate', 'post'>): Promise<CouponCheck> {
  const { data } = await apiClient.post<Answer<'/coupons/validate', 'post'>>('/coupons/validate', body);
  return data.data;
}

/** The api-simulated checkout (development and test): settles the transaction as the gateway would. */
export async function settleSimulated(transactionId: string, outcome: CheckoutOutcome): Promise<{ transaction: Transaction }> {
  const { data } = await apiClient.post<Answer<'/payments/{uuid}/simulate', 'post'>>(`/payments/${transactionId}/simulate`, { outcome });
  return data.data;
}

/** The caller's temporary transaction (the gateway order and key the checkout opens with). */
export async function fetchTransaction(transactionId: string, signal?: AbortSignal): Promise<Transaction> {
  const { data } = await apiClient.get<Answer<'/payments/{uuid}', 'get'>>(`/payments/${transactionId}`, { signal });
  return data.data.transaction;
}

/** The gateway checkout succeeded: the api checks its signature and confirms the booking. */
export async function verifyPayment(transactionId: string, paymentId: string, signature: string): Promise<void> {
  await apiClient.post<Answer<'/payments/{uuid}/verify', 'post'>>(`/payments/${transactionId}/verify`, {
    gateway_payment_id: paymentId,
    gateway_signature: signature,
  });
}

/** The checkout failed or was left: nothing is booked and the slot is free again. */
export async function releasePayment(transactionId: string, outcome: 'failure' | 'abandon'): Promise<void> {
  await apiClient.post<Answer<'/payments/{uuid}/release', 'post'>>(`/payments/${transactionId}/release`, { outcome });
}
