import { PageFrame, useApiRead } from '@haven/shared';
import { LoadState, EmptyState } from '@haven/shared/design';
import { INVALID_VIDEO_ID, videoId } from '@haven/shared/dashboard-rules';
import { ShownWhenSettled } from '../common/ShownWhenSettled';
import { TourHelp } from '../tours/useGuidedTour';
import { listExpertContent, type ExpertItem } from './api/expert-calls';
import '../sessions/Sessions.css';
import '../pages.css';

function ExpertCard({ item }: { item: ExpertItem }) {
  // Product rules, Validation: a link is usable only when it yields an 11-character video id.
  const id = videoId(item.video_url);
  return (
    <article className="hv-card" aria-label={item.title}>
      <h3>{item.title}</h3>
      <p className="hv-session__meta">
        {item.expert_name}, {item.expert_role} · {item.duration_minutes} min
      </p>
      <p>{item.description}</p>
      {id === INVALID_VIDEO_ID ? (
        <p className="hv-card__note">This video is not available right now.</p>
      ) : (
        <p>
          <a href={`https://www.youtube.com/watch?v=${id}`} target="_blank" rel="noopener noreferrer">
            Watch<span className="hv-visually-hidden"> {item.title}</span> (opens in a new tab)
          </a>
        </p>
      )}
    </article>
  );
}

function ExpertList({ kind, heading, items }: { kind: 'talk' | 'video'; heading: string; items: ExpertItem[] | null }) {
  const mine = items?.filter((i) => i.kind === kind);
  return (
    <section aria-labelledby={`${kind}-heading`} className="hv-sessions" data-tour={`${kind}s`}>
      <h2 id={`${kind}-heading`}>{heading}</h2>
      {mine?.length === 0 ? (
        <EmptyState>
          <p>Nothing here yet. New {kind}s are added every month.</p>
        </EmptyState>
      ) : null}
      <ul className="hv-session-list">
        {mine?.map((i) => (
          <li key={i.uuid}>
            <ExpertCard item={i} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /experts: talks and videos by the service's psychiatrists and therapists. */
export function ExpertsPage() {
  const content = useApiRead(listExpertContent, [], 'expert content');
  return (
    <PageFrame title="Experts" description="Talks and videos from mental-health experts." app="mfe-dashboard">
      <TourHelp section="experts" ready={content.data !== null} />
      <ShownWhenSettled settled={content.status !== 'loading'} label="Loading talks and videos">
        <LoadState read={content} what="Talks and videos" />
        <ExpertList kind="talk" heading="Talks" items={content.data} />
        <ExpertList kind="video" heading="Videos" items={content.data} />
      </ShownWhenSettled>
    </PageFrame>
  );
}
