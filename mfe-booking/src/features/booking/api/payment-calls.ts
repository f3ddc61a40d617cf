import { apiClient } from '@haven/shared';

export type CheckoutOutcome = 'success' | 'failure' | 'abandon';
export interface Transaction {
  transaction_id: string;
  booking_uuid: string;
  amount: number;
  currency: string;
  gateway: string;
  status: string;
}

/** Spec §7 temporary transaction for a pending booking. */
export async function startTransaction(bookingUuid: string, couponCode?: string | null): Promise<Transaction> {
  const { data } = await apiClient.post<{ data: Transaction }>('/payments/temporary_transaction', {
    booking_uuid: bookingUuid,
    ...(couponCode ? { coupon_code: couponCode } : {}),
  });
  return data.data;
}

export interface CouponCheck {
  coupon: { code: string; description: string };
  fee: number;
  amount: number;
  currency: string;
}

/** Coupon validate (spec §7): the amount after the coupon for this provider, mode and session type. */
export async function validateCoupon(body: { code: string; provider_uuid: string; mode: 'online' | 'offline'; session_type: 'individual' | 'couple' }): Promise<CouponCheck> {
  const { data } = await apiClient.post<{ data: CouponCheck }>('/coupons/validate', body);
  return data.data;
}

/** The api-simulated checkout (development and test): settles the transaction as the gateway would. */
export async function settleSimulated(transactionId: string, outcome: CheckoutOutcome): Promise<{ transaction: Transaction }> {
  const { data } = await apiClient.post<{ data: { transaction: Transaction } }>(`/payments/${transactionId}/simulate`, { outcome });
  return data.data;
}
