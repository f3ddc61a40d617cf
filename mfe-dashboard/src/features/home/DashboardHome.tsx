import { PageFrame, PlannedFeature } from '@haven/shared';

export function DashboardHome() {
  return (
    <PageFrame title="Your care" description="Your sessions, care tools and progress in one place." app="mfe-dashboard">
      <PlannedFeature title="Upcoming sessions">Your booked sessions and the button to join them will show here.</PlannedFeature>
      <PlannedFeature title="Suggested sessions" />
      <PlannedFeature title="Completed sessions" />
      <nav aria-label="Care tools and more">
        <ul className="hv-link-list">
          <li><a href="/care-tools">Care tools</a></li>
          <li><a href="/journal">Journal</a></li>
          <li><a href="/journey">Your journey</a></li>
          <li><a href="/experts">Experts</a></li>
          <li><a href="/communities">Communities</a></li>
        </ul>
      </nav>
    </PageFrame>
  );
}
