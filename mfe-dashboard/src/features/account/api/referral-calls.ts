// Invite a friend: my referral code, its short link and how many joined with it.
import { type Answer, apiClient } from '@haven/shared';

/** My code, its short link (a path on the web origin, /s/{code}) and how many joined with it. */
export type Referrals = Answer<'/customers/referrals', 'get'>['data'];

export async function fetchReferrals(signal?: AbortSignal): Promise<Referrals> {
  const { data } = await apiClient.get<Answer<'/customers/referrals', 'get'>>('/customers/referrals', { signal });
  return data.data;
}
