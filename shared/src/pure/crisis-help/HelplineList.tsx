import { telHref, type CountryHelplines } from './helplines';

/** One country's lines, each one tap to call (its name and number are the link's accessible name). */
export function HelplineList({ entry }: { entry: CountryHelplines }) {
  return (
    <ul className="hv-crisis__lines">
      {entry.lines.map((line) => (
        <li key={`${line.name}-${line.number}`}>
          <a className="hv-crisis__call" href={telHref(line.number)}>
            <span className="hv-crisis__name">{line.name}</span>
            <span className="hv-crisis__number">{line.number}</span>
          </a>
          <span className="hv-crisis__when">{line.note}</span>
        </li>
      ))}
    </ul>
  );
}

/** Every other country's lines, folded (the person may be travelling, or calling for someone). */
export function OtherCountriesHelplines({ others, headingLevel = 3 }: { others: readonly CountryHelplines[]; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <details className="hv-crisis__more">
      <summary>Helplines in other countries</summary>
      {others.map((entry) => (
        <section key={entry.code} aria-label={entry.country}>
          <Heading className="hv-crisis__country">{entry.country}</Heading>
          <HelplineList entry={entry} />
        </section>
      ))}
      <p>Anywhere else: call your local emergency number.</p>
    </details>
  );
}
