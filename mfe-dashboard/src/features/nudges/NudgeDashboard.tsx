import { useEffect, useState } from 'react';
import { Button, isNativeWebview, NUDGE_ORDER, reportError, useHavenStore, type NudgeSection } from '@haven/shared';
import { AppStoreLinks } from './AppStoreLinks';
import { loadNudges } from './load-nudges';
import { dismissNudge, giveNps, giveSessionFeedback, type NudgeContent } from './nudge-calls';
import './Nudges.css';

const NPS_SCORES = Array.from({ length: 11 }, (_, i) => i);
const RATINGS = [1, 2, 3, 4, 5];

function NudgeCard({ section, content, onDone }: { section: NudgeSection; content: NudgeContent; onDone: () => void }) {
  const lastCompleted = useHavenStore((s) => s.sessions.completedSessions[0] ?? null);
  const [error, setError] = useState<string | null>(null);
  const [thanks, setThanks] = useState<string | null>(null);
  const act = async (action: () => Promise<void>, message: string) => {
    setError(null);
    try {
      await action();
      setThanks(message);
    } catch (e) {
      reportError(e, { where: 'nudge answer', section });
      setError('That did not go through. Please try again.');
    }
  };
  if (thanks)
    return (
      <p role="status" className="hv-nudge">
        {thanks}
      </p>
    );
  return (
    <article className="hv-nudge" aria-label={content.title}>
      <h3>{content.title}</h3>
      <p>{content.body}</p>
      {section === 'nps' ? (
        <div role="group" aria-label="Score from 0 (not likely) to 10 (very likely)" className="hv-nudge__scale">
          {NPS_SCORES.map((n) => (
            <Button key={n} variant="secondary" onClick={() => void act(() => giveNps(n), 'Thank you for your answer.')}>
              {n}
            </Button>
          ))}
        </div>
      ) : null}
      {section === 'feedback' && lastCompleted ? (
        <div role="group" aria-label={`Rate your session with ${lastCompleted.provider.firstname} from 1 to 5`} className="hv-nudge__scale">
          {RATINGS.map((n) => (
            <Button
              key={n}
              variant="secondary"
              onClick={() => void act(() => giveSessionFeedback(lastCompleted.uuid, n), 'Thank you, your provider will see your feedback.')}
            >
              {n}
            </Button>
          ))}
        </div>
      ) : null}
      {section === 'webtoapp' ? <AppStoreLinks /> : null}
      {section === 'reflection' ? (
        <a className="hv-button-link" href="/journal">
          {content.cta ?? 'Open journal'}
        </a>
      ) : null}
      {error ? (
        <p role="alert" className="hv-form-error">
          {error}
        </p>
      ) : null}
      <Button variant="ghost" onClick={() => void act(() => dismissNudge(section), 'Hidden. You will not see this again.').then(onDone)}>
        Not now<span className="hv-visually-hidden">: {content.title}</span>
      </Button>
    </article>
  );
}

/** The nudge dashboard: nothing until all four sections are loaded, then in order. */
export function NudgeDashboard() {
  const nudges = useHavenStore((s) => s.nudge.nudges);
  const allLoaded = useHavenStore((s) => s.nudge.isAllLoaded);
  const [hidden, setHidden] = useState<NudgeSection[]>([]);
  useEffect(() => {
    void loadNudges();
  }, []);
  if (!allLoaded) return null;
  const inWebview = isNativeWebview();
  const shown = (Object.keys(NUDGE_ORDER) as NudgeSection[])
    .sort((a, b) => NUDGE_ORDER[a] - NUDGE_ORDER[b])
    .filter((s) => !(s === 'webtoapp' && inWebview)) // the app is already installed there
    .filter((s) => !hidden.includes(s))
    .map((s) => ({ section: s, content: nudges[s]?.content as NudgeContent | undefined }))
    .filter((n): n is { section: NudgeSection; content: NudgeContent } => n.content !== undefined);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="nudges-heading" className="hv-sessions">
      <h2 id="nudges-heading">For you</h2>
      <ul className="hv-session-list">
        {shown.map((n) => (
          <li key={n.section}>
            <NudgeCard section={n.section} content={n.content} onDone={() => setHidden((h) => [...h, n.section])} />
          </li>
        ))}
      </ul>
    </section>
  );
}
