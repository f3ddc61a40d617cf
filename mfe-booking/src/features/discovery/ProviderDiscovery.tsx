import { PageFrame, PlannedFeature } from '@haven/shared';

export function ProviderDiscovery() {
  return (
    <PageFrame title="Find a provider" description="Search therapists, psychiatrists, couples therapists and coaches." app="mfe-booking">
      <PlannedFeature title="Provider search and matching">
        Search by concern, language, fee and availability, or answer a few questions to be matched.
      </PlannedFeature>
    </PageFrame>
  );
}
