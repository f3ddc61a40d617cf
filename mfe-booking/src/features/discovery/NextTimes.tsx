import { type Provider } from '@haven/shared';
import { slotLabel } from '@haven/shared/session-times';
import { bookAtHref } from './card-facts';

/**
 * The next free times as buttons that open the booking at that time (Confirm, the time chosen). Each
 * button's name begins with what it shows (WCAG 2.5.3), then says what it does.
 */
export function NextTimes({ provider, zone, headingId }: { provider: Provider; zone: string; headingId: string }) {
  const name = `${provider.firstname} ${provider.lastname}`;
  const company = typeof localStorage === 'undefined' ? null : localStorage.getItem('company');
  const times = (provider.next_free_times ?? []).flatMap((iso) => {
    const label = slotLabel(iso, zone);
    return label ? [{ iso, text: label.text }] : [];
  });
  return (
    <div className="hv-next-times">
      <p id={headingId} className="hv-next-times__heading">
        Next free times
      </p>
      {times.length ? (
        <ul className="hv-next-times__list" aria-labelledby={headingId} data-testid="provider-times">
          {times.map((t) => (
            <li key={t.iso}>
              <a
                className="hv-next-times__time"
                href={bookAtHref(provider, t.iso, zone, company)}
                aria-label={`${t.text}, book with ${name}`}
              >
                <time dateTime={t.iso}>{t.text}</time>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="hv-next-times__none">No free times in the next two weeks</p>
      )}
    </div>
  );
}
