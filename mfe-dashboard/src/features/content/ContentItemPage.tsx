// One item of the content area: an article, video transcript, webinar (with registration), resource,
// spotlight story or support kit (its steps, printable).
import { Link } from 'react-router-dom';
import { BackControl, Button, NotFoundPage, PageFrame, useApiRead } from '@haven/shared';
import { LoadState } from '@haven/shared/design';
import { getContentItem, type ContentItem } from './api/content-calls';
import { kindPath, type KindInfo } from './content-kinds';
import { ContentMeta } from './ContentMeta';
import { WebinarRegistration } from './WebinarRegistration';

const BODY_HEADING: Partial<Record<ContentItem['kind'], string>> = {
  videos: 'Transcript',
  webinars: 'About this webinar',
};

function ItemBody({ item }: { item: ContentItem }) {
  const heading = BODY_HEADING[item.kind];
  return (
    <div className="hv-content-article">
      <p className="hv-session__meta">By {item.author}</p>
      <ContentMeta item={item} />
      {item.media_url ? (
        // The transcript below is the accessible text; the file opens in the browser's own player.
        <p>
          <a href={item.media_url}>Watch the video</a>
        </p>
      ) : null}
      {item.kind === 'webinars' && item.starts_at ? <WebinarRegistration slug={item.slug} startsAt={item.starts_at} /> : null}
      {heading ? <h2>{heading}</h2> : null}
      {item.body.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {item.steps.length > 0 ? (
        <section aria-labelledby="kit-steps-heading" className="hv-content-kit">
          <h2 id="kit-steps-heading">Steps</h2>
          <ol className="hv-steps">
            {item.steps.map((step) => (
              <li key={step.title}>
                <h3>{step.title}</h3>
                <p>{step.detail}</p>
              </li>
            ))}
          </ol>
          <p className="hv-content-noprint">
            <Button variant="secondary" onClick={() => window.print()}>
              Print or save this kit
            </Button>
          </p>
        </section>
      ) : null}
    </div>
  );
}

export function ContentItemPage({ k, slug }: { k: KindInfo; slug: string }) {
  const read = useApiRead((signal) => getContentItem(k.kind, slug, signal), [k.kind, slug], { where: 'content item', kind: k.kind, slug });
  // An address that names no item: the not-found page, not a retry.
  if (read.status === 'not-found') return <NotFoundPage app="mfe-dashboard" />;
  const item = read.data;
  return (
    <PageFrame title={item?.title ?? k.label} description={item?.summary ?? `${k.label} from the Haven care team.`} app="mfe-dashboard">
      <BackControl>
        <p className="hv-content-noprint">
          <Link to={kindPath(k)}>Back to {k.label.toLowerCase()}</Link>
        </p>
      </BackControl>
      <LoadState read={read} what={k.one} />
      {item ? <ItemBody item={item} /> : null}
    </PageFrame>
  );
}
