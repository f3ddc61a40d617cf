import { useParams } from 'react-router-dom';
import { NotFoundPage, PageFrame } from '@haven/shared';
import { LeadForm } from './LeadForm';
import { LEAD_FORMS, LEAD_PATHS, leadKindOfSlug } from './lead-forms';
import type { LeadKind } from './outreach-calls';

function LeadKindPage({ kind }: { kind: LeadKind }) {
  const spec = LEAD_FORMS[kind];
  return (
    <PageFrame title={spec.title} description={spec.intro} app="mfe-booking">
      <p className="hv-outreach__intro">{spec.intro}</p>
      <LeadForm kind={kind} />
      {kind === 'b2b' ? (
        <nav aria-label="Other ways to reach us" className="hv-outreach__more">
          <h2>Other ways to reach us</h2>
          <ul>
            <li>
              <a href={LEAD_PATHS.college}>For colleges</a>
            </li>
            <li>
              <a href={LEAD_PATHS.case_study}>Request a case study</a>
            </li>
            <li>
              <a href={LEAD_PATHS.cf}>Children First programme</a>
            </li>
            <li>
              <a href={LEAD_PATHS.careers}>Work with us</a>
            </li>
          </ul>
        </nav>
      ) : null}
    </PageFrame>
  );
}

/** /for-organisations: the organisations (b2b) form. */
export function ForOrganisationsPage() {
  return <LeadKindPage kind="b2b" />;
}

/** /get-in-touch/{careers|college|case-study|children-first}: the other leads forms. */
export function GetInTouchPage() {
  const kind = leadKindOfSlug(useParams().kind);
  return kind ? <LeadKindPage kind={kind} /> : <NotFoundPage app="mfe-booking" />;
}
