import { Fragment, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  BackControl,
  Button,
  ensureLocation,
  NotFoundPage,
  PageFrame,
  reportError,
  useHavenStore,
  useFocusOnShow,
  useHelplineCountry,
  useApiRead,
} from '@haven/shared';
import { LoadState, AnswerCards } from '@haven/shared/design';
import { assessmentRiskFlags, CrisisHelpNow, HelplinesToday, scorePlace, type NextStepKind } from '@haven/shared/crisis';
import { useDialogAction } from '../common/useDialogAction';
import {
  getAssessment,
  listAssessments,
  loadInitialAssessmentFlags,
  saveAssessment,
  type Assessment,
  type AssessmentResult,
} from './api/assessment-calls';
import '../sessions/Sessions.css';
import '../pages.css';

const TYPE_LABEL: Record<string, string> = { therapy: 'Therapy', psychiatry: 'Psychiatry', common: 'General' };

function useInitialAssessmentFlags() {
  useEffect(() => {
    loadInitialAssessmentFlags().catch((error: unknown) => reportError(error, { where: 'initial assessment flags' }));
  }, []);
  return useHavenStore((s) => s.initialAssessment);
}

/** /assessments: the questionnaires, which kinds the patient has already answered. */
export function AssessmentsPage() {
  const list = useApiRead(listAssessments, [], 'assessments');
  const flags = useInitialAssessmentFlags();
  const done: Record<string, boolean> = {
    therapy: flags.isTherapyAssessmentEdited,
    psychiatry: flags.isPsychiatryAssessmentEdited,
    common: flags.isCommonAssessmentEdited,
  };
  return (
    <PageFrame title="Assessments" description="Questionnaires that help you and your provider." app="mfe-dashboard">
      <p>Short questionnaires about how you have been. Your provider sees your results and uses them to plan your care.</p>
      <LoadState read={list} what="Assessments" />
      <ul className="hv-session-list">
        {list.data?.map((a) => (
          <li key={a.slug}>
            <article className="hv-card" aria-label={a.title}>
              <h3>
                <Link to={`/assessments/${a.slug}`}>{a.title}</Link>
              </h3>
              <p className="hv-session__meta">
                {TYPE_LABEL[a.assessment_type] ?? a.assessment_type} · {a.question_count} questions
                {done[a.assessment_type] ? ' · answered before' : ''}
              </p>
              <p>{a.description}</p>
            </article>
          </li>
        ))}
      </ul>
    </PageFrame>
  );
}

interface ShownResult {
  score: number;
  risk_flags: readonly { question_id: string }[];
}

/** The ways on from a band (assessment-bands' next step), as links of this app. */
function NextStep({ kind }: { kind: Exclude<NextStepKind, 'today'> }) {
  if (kind === 'keep-going')
    return (
      <p>
        Keep doing what helps you. You can take this check again whenever things change. <Link to="/care-tools">Explore care tools</Link>
      </p>
    );
  if (kind === 'self-care')
    return (
      <p>
        Care tools can help with this, and so can talking to someone. If it lasts more than two weeks or gets harder, book a session.{' '}
        <Link to="/care-tools">Explore care tools</Link> · <a href="/providers">Find a therapist</a>
      </p>
    );
  return (
    <>
      <p>A clinician can help with this. We suggest you book a session.</p>
      <p className="hv-result__actions">
        <a className="hv-button-link" href="/providers">
          Book a session
        </a>{' '}
        <a href="/booking/care-coordinator">Not sure who? Talk to a care coordinator</a>
      </p>
    </>
  );
}

/** The fastest ways to a clinician today. */
const FASTEST_WAYS: ReactNode = (
  <p className="hv-result__actions">
    <a className="hv-button-link" href="/booking/care-coordinator">
      Talk to a care coordinator today
    </a>{' '}
    <a href="/providers">Book the earliest free session</a>
  </p>
);

/**
 * A result: where the score sits on its scale in plain words and the next step for its band
 * (assessment-bands). A risk answer (the assessment risk rule) puts crisis help first, before any score
 * text; from "moderately severe" up the helplines and the fastest ways to a clinician today follow the
 * score whatever the risk item says. The result never sends the person to wait for a session.
 */
export function Result({
  result,
  slug,
  title,
  country,
  focusOnShow = false,
}: {
  result: ShownResult;
  slug: string;
  title: string;
  country: string | null;
  /** Just sent, or opened on a revisit: focus moves to the crisis help, else to the result's heading, in view. */
  focusOnShow?: boolean;
}) {
  const risk = result.risk_flags.length > 0;
  const place = scorePlace(slug, result.score);
  // With a risk answer the crisis help above takes the focus instead.
  const heading = useFocusOnShow<HTMLHeadingElement>(focusOnShow && !risk);
  return (
    <>
      {risk ? <CrisisHelpNow country={country} saved takeFocus={focusOnShow} /> : null}
      <section aria-labelledby="result-heading" className="hv-card">
        <h2 id="result-heading" ref={heading} tabIndex={-1}>
          Your result
        </h2>
        <p>
          {title}: score {place.ofScale}, in the {place.range} range: {place.meaning}.
        </p>
        {place.next === 'today' ? (
          <HelplinesToday country={country} showLines={!risk}>
            {FASTEST_WAYS}
          </HelplinesToday>
        ) : risk ? null : (
          <NextStep kind={place.next} />
        )}
        {risk ? <p>Your providers can see your answers; the helplines above are there for you now.</p> : null}
        <p>This is not a diagnosis: it is a starting point for a conversation with a clinician.</p>
        <details>
          <summary>Where these ranges come from</summary>
          <p>{place.source}</p>
        </details>
      </section>
    </>
  );
}

/** The first question whose answer so far is a risk answer (the form shows crisis help right under it). */
function firstRiskQuestion(slug: string, answers: Record<string, number>): string | undefined {
  return assessmentRiskFlags(
    slug,
    Object.entries(answers).map(([question_id, value]) => ({ question_id, value })),
  )[0]?.question_id;
}

function AssessmentForm({
  assessment,
  onSaved,
  country,
}: {
  assessment: Assessment;
  onSaved: (r: AssessmentResult) => void;
  country: string | null;
}) {
  const [answers, setAnswers] = useState<Record<string, number>>({});
  // Crisis help as soon as a risk answer is given, before the form is sent: the person may never send it.
  const riskQuestion = firstRiskQuestion(assessment.slug, answers);
  const { busy, run, alert, setError } = useDialogAction('Your answers were not saved. They are still here; please try again.');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = assessment.questions.find((q) => answers[q.id] === undefined);
    if (missing) {
      setError(`Please answer every question (question ${assessment.questions.indexOf(missing) + 1} has no answer yet).`);
      return;
    }
    let saved: AssessmentResult | null = null;
    void run(
      'assessment save',
      async () => {
        saved = await saveAssessment(
          assessment.slug,
          assessment.questions.map((q) => ({ question_id: q.id, value: answers[q.id]! })),
        );
      },
      () => {
        if (saved) onSaved(saved);
        void loadInitialAssessmentFlags().catch((error: unknown) => reportError(error, { where: 'initial assessment flags' }));
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label={assessment.title} noValidate>
      <p>{assessment.description}</p>
      {assessment.questions.map((q, i) => (
        <Fragment key={q.id}>
          <div className="hv-question">
            <AnswerCards
              legend={`${i + 1}. ${q.text}`}
              name={q.id}
              options={q.options.map((o) => ({ value: String(o.value), label: o.label }))}
              value={answers[q.id] === undefined ? null : String(answers[q.id])}
              onChange={(value) => setAnswers({ ...answers, [q.id]: Number(value) })}
              columns={q.options.length === 4 ? 4 : 1}
            />
          </div>
          {q.id === riskQuestion ? <CrisisHelpNow country={country} saved={false} takeFocus /> : null}
        </Fragment>
      ))}
      {alert}
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'See my result'}
      </Button>
    </form>
  );
}

/** /assessments/:slug: take one assessment and see the result (the last result shows until retaken). */
export function AssessmentPage() {
  const { slug = '' } = useParams();
  const assessment = useApiRead(() => getAssessment(slug), [slug], 'assessment');
  const [result, setResult] = useState<AssessmentResult | null>(null);
  const [retake, setRetake] = useState(false);
  const a = assessment.data;
  const last = a?.latest_result ?? null;
  const country = useHelplineCountry();
  useEffect(() => {
    // The helplines follow the person's country: make sure the location is known (joins a request already out).
    ensureLocation().catch((error: unknown) => reportError(error, { where: 'assessment location' }));
  }, []);
  if (assessment.status === 'not-found') return <NotFoundPage app="mfe-dashboard" />;
  return (
    <PageFrame title={a?.title ?? 'Assessment'} description="A short questionnaire about how you have been." app="mfe-dashboard">
      <BackControl>
        <p>
          <Link to="/assessments">Back to assessments</Link>
        </p>
      </BackControl>
      <LoadState read={assessment} what="This assessment" />
      {result && a ? <Result result={result} slug={a.slug} title={a.title} country={country} focusOnShow /> : null}
      {!result && a && last && !retake ? (
        <>
          {/* A revisit opens on the last result: its heading (or its crisis help) is brought into view and focused. */}
          <Result result={last} slug={a.slug} title={a.title} country={country} focusOnShow />
          <p>
            <Button variant="secondary" onClick={() => setRetake(true)}>
              Take it again
            </Button>
          </p>
        </>
      ) : null}
      {!result && a && (!last || retake) ? <AssessmentForm assessment={a} onSaved={setResult} country={country} /> : null}
    </PageFrame>
  );
}
