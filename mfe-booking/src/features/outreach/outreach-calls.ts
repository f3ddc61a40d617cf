// The newsletter and leads calls (open to visitors who are not signed in).
import { type Answer, apiClient } from '@haven/shared';

export type NewsletterLinkAction = 'confirm' | 'unsubscribe';

export async function followNewsletterLink(action: NewsletterLinkAction, token: string): Promise<void> {
  await apiClient.post<Answer<`/newsletter/subscriptions/${NewsletterLinkAction}`, 'post'>>(`/newsletter/subscriptions/${action}`, {
    token,
  });
}

export const LEAD_KINDS = ['b2b', 'careers', 'college', 'case_study', 'cf'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

export async function sendLead(kind: LeadKind, fields: Record<string, string | number>): Promise<string> {
  const { data } = await apiClient.post<Answer<'/leads', 'post'>>('/leads', { kind, ...fields });
  return data.message;
}
