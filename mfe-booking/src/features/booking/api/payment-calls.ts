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
export async function startTransaction(bookingUuid: string): Promise<Transaction> {
  const { data } = await apiClient.post<{ data: Transaction }>('/payments/temporary_transaction', { booking_uuid: bookingUuid });
  return data.data;
}

/** The api-simulated checkout (development and test): settles the transaction as the gateway would. */
export async function settleSimulated(transactionId: string, outcome: CheckoutOutcome): Promise<{ transaction: Transaction }> {
  const { data } = await apiClient.post<{ data: { transaction: Transaction } }>(`/payments/${transactionId}/simulate`, { outcome });
  return data.data;
}
