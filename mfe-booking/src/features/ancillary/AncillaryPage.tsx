import { useLocation } from 'react-router-dom';
import { PageFrame, RequireSignIn, useApiRead } from '@haven/shared';
import { LoadState } from '@haven/shared/design';
import { ancillaryBookHref, fetchAncillaryAssessments } from './ancillary-calls';
import '../discovery/discovery.css';
import '../booking/booking.css';

const modeText = (modes: readonly string[]) => modes.map((m) => (m === 'online' ? 'online' : 'in clinic')).join(' or ');

/** /booking/ancillary-assessment (product rules, Users and roles: provider flow ancillary_assessment): the assessments on offer; booking is the usual flow. */
export function AncillaryPage() {
  const location = useLocation();
  return (
    <PageFrame title="Book an assessment" app="mfe-booking" pathname={location.pathname}>
      <RequireSignIn>
        <Assessments />
      </RequireSignIn>
    </PageFrame>
  );
}

function Assessments() {
  const list = useApiRead((signal) => fetchAncillaryAssessments(signal), ['ancillary'], 'ancillary-assessments');
  if (!list.data) return <LoadState read={list} what="The assessments" />;
  if (list.data.length === 0)
    return (
      <p>
        No assessment is part of your plan right now. <a href="/providers">Find a provider</a>
      </p>
    );
  return (
    <>
      <p>An assessment is a longer first appointment with tests and a clinical interview, ending with a written report and next steps.</p>
      <ul className="hv-discovery__list" aria-label="Assessments">
        {list.data.map((a) => {
          const who = `${a.provider.firstname} ${a.provider.lastname}`;
          return (
            <li key={a.provider.uuid}>
              <article className="hv-provider-card" aria-label={`${a.name} with ${who}`}>
                <h2 className="hv-provider-card__name">{a.name}</h2>
                <p className="hv-provider-card__roles">with {who}</p>
                <p>{a.description}</p>
                <p>
                  {a.duration_minutes} minutes, {modeText(a.modes)}
                  {a.fee_text ? (
                    <>
                      , <strong>{a.fee_text}</strong>
                    </>
                  ) : (
                    ', free'
                  )}
                </p>
                <a className="hv-button-link" href={ancillaryBookHref(a)}>
                  Book
                  <span className="hv-visually-hidden">
                    {' '}
                    the {a.name.toLowerCase()} with {who}
                  </span>
                </a>
              </article>
            </li>
          );
        })}
      </ul>
    </>
  );
}
