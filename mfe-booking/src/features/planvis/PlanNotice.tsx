import type { BookingOptions } from '@haven/shared/booking-rules';
import './plan-notice.css';
import { offeredCareTiles } from './care-tiles';

/**
 * What a deep link or a page shows when the patient's plan excludes what it asks for: a clear sentence
 * and the ways into care the plan does offer (never a broken flow).
 */
export function PlanNotice({ message, options }: { message: string; options: BookingOptions }) {
  return (
    <section className="hv-plan-notice" aria-labelledby="hv-plan-notice">
      <h2 id="hv-plan-notice">Not part of your plan</h2>
      <p role="status">{message}</p>
      <p>Your plan offers:</p>
      <ul aria-label="Care your plan offers">
        {offeredCareTiles(options).map((t) => (
          <li key={t.href}>
            <a href={t.href}>{t.label}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
