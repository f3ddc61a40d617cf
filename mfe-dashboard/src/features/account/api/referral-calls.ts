// Invite a friend: my referral code, its short link and how many joined with it.
import { apiClient } from '@haven/shared';

export interface Referrals {
  code: string;
  /** A path on the web origin (/s/{code}). */
  short_link: string;
  joined_count: number;
}

export async function fetchReferrals(signal?: AbortSignal): Promise<Referrals> {
  const { data } = await apiClient.get<{ data: Referrals }>('/customers/referrals', { signal });
  return data.data;
}
