// A result whose band asks for care today (assessment-bands: "today"), without a risk answer: an urgent
// care card in the NHS manner — what to do today, the fastest ways to a clinician, and the person's
// country's lines for the moments that feel like too much. A risk answer shows CrisisHelpNow instead.
import { useId, type ReactNode } from 'react';
import { helplinesFor } from '../../pure/crisis-help/helplines';
import { HelplineList, OtherCountriesHelplines } from '../../pure/crisis-help/HelplineList';
import './CrisisHelpNow.css';

export const HELPLINES_TODAY_HEADING = 'Please talk to someone today';

export function HelplinesToday({
  country,
  children,
  showLines = true,
}: {
  country: string | null;
  /** The fastest ways to a clinician (links of the page that shows the card). */
  children: ReactNode;
  /** The helplines (left out when crisis help with them is already on the page). */
  showLines?: boolean;
}) {
  const headingId = useId();
  const [first, ...others] = helplinesFor(country);
  return (
    <section className="hv-crisis-now hv-crisis-now--today" aria-labelledby={headingId}>
      <h3 id={headingId} className="hv-crisis-now__heading">
        {HELPLINES_TODAY_HEADING}
      </h3>
      <p>A score in this range is a reason to see a clinician soon, not to wait for a routine session. The quickest ways:</p>
      {children}
      {showLines && first ? (
        <>
          <p>If things feel like too much before then, these lines answer all day, every day:</p>
          <h4 className="hv-crisis__country">{first.country}</h4>
          <HelplineList entry={first} />
          <OtherCountriesHelplines others={others} headingLevel={4} />
        </>
      ) : null}
    </section>
  );
}
