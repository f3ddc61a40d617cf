// The content area of the care dashboard (/dashboard/resources): articles, videos, webinars, resources,
// spotlight stories and support kits, one tab each, filtered by topic, and each item on its own page.
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Button, NotFoundPage, PageFrame, useApiRead } from '@haven/shared';
import { LoadState, EmptyState, Select } from '@haven/shared/design';
import { CONTENT_PAGE_SIZE, listContent, type ContentSummary } from './api/content-calls';
import { ContentItemPage } from './ContentItemPage';
import { itemPath, KINDS, kindOfSegment, kindPath, topicLabel, type KindInfo } from './content-kinds';
import { ContentMeta } from './ContentMeta';
import '../sessions/Sessions.css';
import '../pages.css';
import './Content.css';

function KindTabs({ current }: { current: KindInfo }) {
  return (
    <nav aria-label="Kinds of content">
      <ul className="hv-link-list hv-content-tabs">
        {KINDS.map((k) => (
          <li key={k.kind}>
            <Link to={kindPath(k)} aria-current={k.kind === current.kind ? 'page' : undefined}>
              {k.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ContentCard({ k, item }: { k: KindInfo; item: ContentSummary }) {
  return (
    <article className="hv-card" aria-label={item.title}>
      <h3>
        <Link to={itemPath(k, item.slug)}>{item.title}</Link>
      </h3>
      <ContentMeta item={item} />
      <p>{item.summary}</p>
    </article>
  );
}

function ContentList({ k }: { k: KindInfo }) {
  const [search, setSearch] = useSearchParams();
  const topic = search.get('topic') ?? '';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const list = useApiRead((signal) => listContent(k.kind, { topic, page }, signal), [k.kind, topic, page], {
    where: 'content list',
    kind: k.kind,
  });
  const meta = list.data?.meta;
  const pages = meta ? Math.max(1, Math.ceil(meta.total / CONTENT_PAGE_SIZE)) : 1;
  const go = (next: { topic?: string; page?: number }) => {
    const params = new URLSearchParams();
    const t = next.topic ?? topic;
    if (t) params.set('topic', t);
    if ((next.page ?? 1) > 1) params.set('page', String(next.page));
    setSearch(params);
  };
  return (
    <section aria-labelledby="content-kind-heading" className="hv-sessions">
      <h2 id="content-kind-heading">{k.label}</h2>
      {meta && meta.topics.length > 1 ? (
        <div className="hv-content-filter">
          <Select
            id="content-topic"
            label="Topic"
            placeholder="All topics"
            options={meta.topics.map((t) => ({ value: t, label: topicLabel(t) }))}
            value={topic}
            onChange={(e) => go({ topic: e.target.value, page: 1 })}
          />
        </div>
      ) : null}
      <LoadState read={list} what={k.label} />
      {list.data?.data.length === 0 ? (
        <EmptyState>
          <p>{topic ? `Nothing on ${topicLabel(topic).toLowerCase()} yet.` : k.empty}</p>
        </EmptyState>
      ) : null}
      <ul className="hv-session-list">
        {list.data?.data.map((item) => (
          <li key={item.slug}>
            <ContentCard k={k} item={item} />
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav aria-label={`${k.label} pages`} className="hv-content-pages">
          <Button variant="secondary" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => go({ page: page + 1 })}>
            Next
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

/** /dashboard/resources[/kind[/slug]]: a kind's list (articles when none is named), or one item. */
export function ContentArea() {
  const [segment = 'blogs', slug, ...extra] = (useParams()['*'] ?? '').split('/').filter(Boolean);
  const k = kindOfSegment(segment);
  if (!k || extra.length > 0) return <NotFoundPage app="mfe-dashboard" />;
  if (slug) return <ContentItemPage k={k} slug={slug} />;
  return (
    <PageFrame
      title="Resources"
      description="Articles, videos, webinars, stories and support kits from the Haven care team."
      app="mfe-dashboard"
    >
      <KindTabs current={k} />
      <ContentList key={k.kind} k={k} />
    </PageFrame>
  );
}
