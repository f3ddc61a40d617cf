// The content library's calls: lists and items are public reads; webinar registration needs a sign-in.
import { apiClient } from '@haven/shared';
import type { GetJson } from '../../common/api-types';

export type ContentList = GetJson<'/api/v1/content/{kind}'>;
export type ContentSummary = ContentList['data'][number];
export type ContentKind = ContentSummary['kind'];
export type ContentItem = GetJson<'/api/v1/content/{kind}/{slug}'>['data'];
export type WebinarRegistration = GetJson<'/api/v1/content/webinars/{slug}/registration'>['data'];

export const CONTENT_PAGE_SIZE = 12;

export async function listContent(kind: ContentKind, opts: { topic?: string; page?: number }, signal?: AbortSignal): Promise<ContentList> {
  const params = { per_page: CONTENT_PAGE_SIZE, page: opts.page ?? 1, ...(opts.topic ? { topic: opts.topic } : {}) };
  return (await apiClient.get<ContentList>(`/content/${kind}`, { params, signal })).data;
}

export async function getContentItem(kind: ContentKind, slug: string, signal?: AbortSignal): Promise<ContentItem> {
  return (await apiClient.get<{ data: ContentItem }>(`/content/${kind}/${encodeURIComponent(slug)}`, { signal })).data.data;
}

export async function getWebinarRegistration(slug: string, signal?: AbortSignal): Promise<WebinarRegistration> {
  return (await apiClient.get<{ data: WebinarRegistration }>(`/content/webinars/${encodeURIComponent(slug)}/registration`, { signal })).data
    .data;
}

/** Registers me (asking again answers the same registration). */
export async function registerForWebinar(slug: string): Promise<WebinarRegistration> {
  return (await apiClient.post<{ data: WebinarRegistration }>(`/content/webinars/${encodeURIComponent(slug)}/registrations`)).data.data;
}

/** Cancels my registration before the webinar starts, freeing its seat (404 when I hold none). */
export async function cancelWebinarRegistration(slug: string): Promise<WebinarRegistration> {
  return (await apiClient.delete<{ data: WebinarRegistration }>(`/content/webinars/${encodeURIComponent(slug)}/registration`)).data.data;
}
