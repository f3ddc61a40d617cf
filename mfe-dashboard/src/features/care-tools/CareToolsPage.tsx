import { Link, useParams } from 'react-router-dom';
import { BackControl, NotFoundPage, PageFrame, useApiRead, wordLabel } from '@haven/shared';
import { LoadState } from '@haven/shared/design';
import { ShownWhenSettled } from '../common/ShownWhenSettled';
import { TourHelp } from '../tours/useGuidedTour';
import { getCareTool, listAssignedTools, listCareTools, type CareTool } from './api/care-tool-calls';
import { ToolEntries } from './ToolEntries';
import '../sessions/Sessions.css';
import '../pages.css';

const shortDate = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric' });

function ToolCard({ tool, note }: { tool: CareTool; note?: string }) {
  return (
    <article className="hv-card" aria-label={tool.title}>
      <h3>
        <Link to={`/care-tools/${tool.slug}`}>{tool.title}</Link>
      </h3>
      <p className="hv-session__meta">
        {wordLabel(tool.category)} · {tool.duration_minutes} min
      </p>
      <p>{tool.description}</p>
      {note ? <p className="hv-card__note">{note}</p> : null}
    </article>
  );
}

/** /care-tools: the tools the patient's providers assigned, then the self-care library. */
export function CareToolsPage() {
  const assigned = useApiRead(listAssignedTools, [], 'assigned care tools');
  const library = useApiRead(listCareTools, [], 'care tools');
  return (
    <PageFrame title="Care tools" description="Self-care exercises for hard days: breathing, grounding and more." app="mfe-dashboard">
      <TourHelp section="care_tools" ready={assigned.data !== null && library.data !== null} />
      <ShownWhenSettled settled={assigned.status !== 'loading' && library.status !== 'loading'} label="Loading care tools">
        <section aria-labelledby="assigned-heading" className="hv-sessions" data-tour="assigned">
          <h2 id="assigned-heading">From your provider</h2>
          <LoadState read={assigned} what="Your assigned tools" />
          {assigned.data?.length === 0 ? (
            <p className="hv-empty">
              Nothing assigned yet. Your provider can suggest tools after a session; meanwhile, try one from the library below.
            </p>
          ) : null}
          <ul className="hv-session-list">
            {assigned.data?.map((t) => (
              <li key={t.slug}>
                <ToolCard
                  tool={t}
                  note={`${t.assignment.provider_name}, ${shortDate(t.assignment.assigned_at)}${t.assignment.note ? `: ${t.assignment.note}` : ''}`}
                />
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="library-heading" className="hv-sessions" data-tour="library">
          <h2 id="library-heading">Self-care library</h2>
          <LoadState read={library} what="The self-care library" />
          <ul className="hv-session-list">
            {library.data?.map((t) => (
              <li key={t.slug}>
                <ToolCard tool={t} />
              </li>
            ))}
          </ul>
        </section>
      </ShownWhenSettled>
    </PageFrame>
  );
}

/** /care-tools/:slug: one tool, step by step, with the provider's note when it was assigned. */
export function CareToolDetailPage() {
  const { slug = '' } = useParams();
  const tool = useApiRead(() => getCareTool(slug), [slug], 'care tool');
  const t = tool.data;
  // An address that names no tool: the not-found page, not a retry.
  if (tool.status === 'not-found') return <NotFoundPage app="mfe-dashboard" />;
  return (
    <PageFrame title={t?.title ?? 'Care tool'} description={t?.description ?? 'A self-care exercise.'} app="mfe-dashboard">
      <BackControl>
        <p>
          <Link to="/care-tools">Back to care tools</Link>
        </p>
      </BackControl>
      <LoadState read={tool} what="This care tool" />
      {t ? (
        <>
          <p className="hv-session__meta">
            {wordLabel(t.category)} · {t.duration_minutes} min
          </p>
          <p>{t.description}</p>
          {t.assignment ? (
            <p className="hv-card__note">
              Assigned by {t.assignment.provider_name} on {shortDate(t.assignment.assigned_at)}
              {t.assignment.note ? `: ${t.assignment.note}` : ''}
            </p>
          ) : null}
          <h2>Steps</h2>
          <ol className="hv-steps">
            {t.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <ToolEntries slug={t.slug} title={t.title} />
        </>
      ) : null}
    </PageFrame>
  );
}
