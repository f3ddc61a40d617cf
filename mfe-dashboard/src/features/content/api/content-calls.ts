// The content library's calls: lists and items are public reads; webinar registration needs a sign-in.
import { type Answer, apiClient, type Query } from '@haven/shared';

export type ContentList = Answer<'/content/{kind}', 'get'>;
export type ContentSummary = ContentList['data'][number];
export type ContentKind = ContentSummary['kind'];
export type ContentItem = Answer<'/content/{kind}/{slug}', 'get'>['data'];
export type WebinarRegistration = Answer<'/content/webinars/{slug}/registration', 'get'>['data'];

export const CONTENT_PAGE_SIZE = 12;

export async function listContent(
  kind: ContentKind,
  opts: Pick<Query<'/content/{kind}', 'get'>, 'topic' | 'page'>,
  signal?: AbortSignal,
): Promise<ContentList> {
  const params = { per_page: CONTENT_PAGE_SIZE, page: opts.page ?? 1, ...(opts.topic ? { topic: opts.topic } : {}) };
  return (await apiClient.get<Answer<'/content/{kind}', 'get'>>(`/content/${kind}`, { params, signal })).data;
}

export async function getContentItem(kind: ContentKind, slug: string, signal?: AbortSignal): Promise<ContentItem> {
  return (await apiClient.get<Answer<'/content/{kind}/{slug}', 'get'>>(`/content/${kind}/${encodeURIComponent(slug)}`, { signal })).data
    .data;
}

export async function getWebinarRegistration(slug: string, signal?: AbortSignal): Promise<WebinarRegistration> {
  return (
    await apiClient.get<Answer<'/content/webinars/{slug}/registration', 'get'>>(
      `/content/webinars/${encodeURIComponent(slug)}/registration`,
      { signal },
    )
  ).data.data;
}

/** Registers me (asking again answers the same registration). */
export async function registerForWebinar(slug: string): Promise<WebinarRegistration> {
  return (
    await apiClient.post<Answer<'/content/webinars/{slug}/registrations', 'post'>>(
      `/content/webinars/${encodeURIComponent(slug)}/registrations`,
    )
  ).data.data;
}

/** Cancels my registration before the webinar starts, freeing its seat (404 when I hold none). */
export async function cancelWebinarRegistration(slug: string): Promise<WebinarRegistration> {
  return (
    await apiClient.delete<Answer<'/content/webinars/{slug}/registration', 'delete'>>(
      `/content/webinars/${encodeURIComponent(slug)}/registration`,
    )
  ).data.data;
}
