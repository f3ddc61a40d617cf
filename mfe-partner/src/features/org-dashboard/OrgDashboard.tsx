import { PageFrame, PlannedFeature } from '@haven/shared';

/** /org/dashboard: where business users land after login (spec §2). */
export function OrgDashboard() {
  return (
    <PageFrame title="Your organisation's care benefits" app="mfe-partner">
      <PlannedFeature title="Sessions and benefits">Book sessions covered by your organisation and see what is left.</PlannedFeature>
    </PageFrame>
  );
}
