import '../sessions/Sessions.css';
import './HomeSkeleton.css';

/**
 * The home while its data loads: the next session's card as empty boxes, in the sessions' own layout. No data,
 * so the build paints it as HTML for a visitor with a stored session (shell/src/prerender/, `data-hv-skeleton`
 * marks the moment to take that picture); busy until the page is shown, so the live page takes it over only then.
 */
export function HomeSkeleton({ label }: { label: string }) {
  return (
    <div className="hv-home-skeleton" role="status" aria-busy="true" data-hv-skeleton="">
      <span className="hv-visually-hidden">{label}</span>
      <section className="hv-sessions" aria-hidden="true">
        <h2>Upcoming sessions</h2>
        <ul className="hv-session-list">
          <li>
            <div className="hv-session">
              <span className="hv-session__photo" />
              <div className="hv-session__body">
                <span className="hv-skeleton hv-skeleton--name" />
                <span className="hv-skeleton hv-skeleton--line" />
                <span className="hv-skeleton hv-skeleton--line hv-skeleton--short" />
                <div className="hv-session__actions">
                  <span className="hv-skeleton hv-skeleton--button" />
                  <span className="hv-skeleton hv-skeleton--button" />
                </div>
              </div>
            </div>
          </li>
        </ul>
      </section>
    </div>
  );
}
