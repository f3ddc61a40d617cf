import { PageFrame, useApiRead } from '@haven/shared';
import { LoadState } from '@haven/shared/design';
import { listTreatmentPlans, type TreatmentPlan } from './api/treatment-plan-calls';
import '../sessions/Sessions.css';
import '../pages.css';

/** A calendar date (YYYY-MM-DD) as people read it: the same day in every zone. */
export function reviewDateLabel(date: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

function Plan({ plan }: { plan: TreatmentPlan }) {
  const headingId = `plan-${plan.uuid}`;
  return (
    <section aria-labelledby={headingId} className="hv-sessions hv-plan">
      <h2 id={headingId}>{plan.title}</h2>
      <p className="hv-session__meta">
        With {plan.provider.firstname} {plan.provider.lastname} · {plan.status === 'active' ? 'Active' : 'Completed'} · Review on{' '}
        <time dateTime={plan.review_date}>{reviewDateLabel(plan.review_date)}</time>
      </p>
      <p>{plan.summary}</p>
      <h3>Goals</h3>
      <ol aria-label="Goals">
        {plan.goals.map((g) => (
          <li key={g.title}>
            <strong>{g.title}</strong>
            <br />
            <span className="hv-session__meta">How we will know: {g.measure}</span>
          </li>
        ))}
      </ol>
      <h3>How we will work on them</h3>
      <ul aria-label="How we will work on them">
        {plan.interventions.map((i) => (
          <li key={i}>{i}</li>
        ))}
      </ul>
    </section>
  );
}

/** /treatment-plan: the plans the patient's providers shared with them (theirs alone). */
export function TreatmentPlanPage() {
  const plans = useApiRead(listTreatmentPlans, [], 'treatment plans');
  return (
    <PageFrame
      title="Your treatment plan"
      description="What you and your provider agreed to work on, and when you will look at it again."
      app="mfe-dashboard"
    >
      <LoadState read={plans} what="Your treatment plan">
        {(list) =>
          list.length === 0 ? (
            <p className="hv-empty">
              Your provider has not shared a treatment plan with you yet. It appears here after you agree on one in a session.
            </p>
          ) : (
            list.map((p) => <Plan key={p.uuid} plan={p} />)
          )
        }
      </LoadState>
    </PageFrame>
  );
}
