/** Care tools live in the dashboard remote: the card links there (not rebuilt here). */
export function CareToolsCard() {
  return (
    <li className="hv-partner__card" aria-labelledby="care-tools-card-heading">
      <h2 id="care-tools-card-heading">Care tools</h2>
      <p>Short exercises for stress, sleep and difficult thoughts, whenever you need them.</p>
      <nav aria-label="Care tools">
        <ul>
          <li>
            <a href="/care-tools">All care tools</a>
          </li>
          <li>
            <a href="/journal">Journal</a>
          </li>
          <li>
            <a href="/assessments">Assessments</a>
          </li>
        </ul>
      </nav>
    </li>
  );
}
