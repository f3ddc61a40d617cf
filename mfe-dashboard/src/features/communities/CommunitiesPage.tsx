import { Link, useParams } from 'react-router-dom';
import { PageFrame, useApiRead } from '@haven/shared';
import { LoadState } from '@haven/shared/design';
import { CommunityDetail } from './CommunityDetail';
import { useDashboardSections } from '../visibility/useDashboardSections';
import { listCommunities } from './api/community-calls';
import '../sessions/Sessions.css';
import '../pages.css';

function CommunityList() {
  const communities = useApiRead(listCommunities, [], 'communities');
  return (
    <section aria-labelledby="communities-heading" className="hv-sessions">
      <h2 id="communities-heading">Peer support groups</h2>
      <LoadState read={communities} what="Communities" />
      <ul className="hv-session-list">
        {communities.data?.map((c) => (
          <li key={c.slug}>
            <article className="hv-card" aria-label={c.name}>
              <h3>
                <Link to={`/communities/${c.slug}`}>{c.name}</Link>
              </h3>
              <p className="hv-session__meta">{c.member_count.toLocaleString('en-IN')} members</p>
              <p>{c.description}</p>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /communities and /communities/:slug: only when the patient's plan shows communities (product rules, Plan visibility: showCommunities). */
export function CommunitiesPage() {
  const sections = useDashboardSections();
  const slug = useParams()['*'] ?? '';
  return (
    <PageFrame title="Communities" description="Peer support communities." app="mfe-dashboard">
      {sections.communities ? (
        slug ? (
          <CommunityDetail slug={slug} />
        ) : (
          <CommunityList />
        )
      ) : (
        <p className="hv-empty">
          Communities are not part of your plan. <a href="/dashboard">Back to your care</a>
        </p>
      )}
    </PageFrame>
  );
}
