import { useHavenStore } from '../../state/store';
import { Dialog } from '../Dialog/Dialog';
import { helplinesFor, telHref, type CountryHelplines } from './helplines';

const USER_COUNTRY_KEY = 'userCountry';

function storedCountry(): string | null {
  try {
    return window.localStorage.getItem(USER_COUNTRY_KEY);
  } catch {
    return null;
  }
}

function Lines({ entry }: { entry: CountryHelplines }) {
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

/** The helplines of the person's country (tap to call), India next, every other country folded below. */
export function CrisisDialog({ onClose }: { onClose: () => void }) {
  const located = useHavenStore((s) => s.userLocationDetails.location?.country ?? null);
  const [first, ...others] = helplinesFor(located ?? storedCountry());
  return (
    <Dialog title="Crisis help" onDismiss={onClose} description="If you are in danger or thinking of harming yourself, call now. These lines are free to call and answer all day.">
      {first ? (
        <section aria-labelledby="hv-crisis-first">
          <h3 id="hv-crisis-first" className="hv-crisis__country">{first.country}</h3>
          <Lines entry={first} />
        </section>
      ) : null}
      <details className="hv-crisis__more">
        <summary>Helplines in other countries</summary>
        {others.map((entry) => (
          <section key={entry.code} aria-label={entry.country}>
            <h3 className="hv-crisis__country">{entry.country}</h3>
            <Lines entry={entry} />
          </section>
        ))}
        <p>Anywhere else: call your local emergency number.</p>
      </details>
    </Dialog>
  );
}
