import { PageFrame, PlannedFeature } from '@haven/shared';

/** /partnerdashboard: the card dashboard, for partners whose show_card_dashboard flag is on. */
export function CardDashboard() {
  return (
    <PageFrame title="Your care dashboard" app="mfe-partner">
      <PlannedFeature title="Your cards">Sessions, care tools and resources your organisation offers.</PlannedFeature>
    </PageFrame>
  );
}
