// Crisis help shown in the page itself when an answer means risk (the assessment risk rule): before any
// score text, the person's country's lines one tap away, every other country folded below. Never a
// dialog: nothing to dismiss, nothing in the way of calling.
import { useId } from 'react';
import { useFocusOnShow } from '../../pure/focus/use-focus-on-show';
import { helplinesFor } from '../../pure/crisis-help/helplines';
import { HelplineList, OtherCountriesHelplines } from '../../pure/crisis-help/HelplineList';
import './CrisisHelpNow.css';

export const CRISIS_NOW_HEADING = 'Please reach out for help now';

export function CrisisHelpNow({
  country,
  saved,
  takeFocus = false,
}: {
  /** The person's country (ISO code or name); India first when unknown. */
  country: string | null;
  /** Whether the answer is saved (the care team can see it) or still only in the open form. */
  saved: boolean;
  /** Brought into view and focused when it appears (the answer that raised it may be near the screen's end). */
  takeFocus?: boolean;
}) {
  const headingId = useId();
  const heading = useFocusOnShow<HTMLHeadingElement>(takeFocus);
  const [first, ...others] = helplinesFor(country);
  return (
    <section className="hv-crisis-now" aria-labelledby={headingId} role="alert">
      <h2 id={headingId} className="hv-crisis-now__heading" ref={heading} tabIndex={-1}>
        {CRISIS_NOW_HEADING}
      </h2>
      <p>
        You told us you have had thoughts that you would be better off dead or of hurting yourself. You do not have to wait and you do not
        have to face this alone. If you are in danger or might act on these thoughts, call one of these lines now: they answer all day,
        every day.
      </p>
      {first ? (
        <>
          <h3 className="hv-crisis__country">{first.country}</h3>
          <HelplineList entry={first} />
        </>
      ) : null}
      <p>
        {saved
          ? 'Your care team can see this answer. Please do not wait for a session: call a line above now, or tell someone you trust and stay with them.'
          : 'If you can, tell someone you trust now and stay with them.'}
      </p>
      <OtherCountriesHelplines others={others} />
    </section>
  );
}
