import { PageFrame, PlannedFeature } from '@haven/shared';

export function BookingPage() {
  return (
    <PageFrame title="Book a session" app="mfe-booking">
      <PlannedFeature title="Booking">Pick a time that suits you, online or in clinic, and confirm your session.</PlannedFeature>
    </PageFrame>
  );
}
