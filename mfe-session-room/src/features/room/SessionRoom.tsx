import { useParams } from 'react-router-dom';
import { PageFrame, PlannedFeature } from '@haven/shared';

const PLATFORMS = ['android', 'ios', 'website'] as const;

/** /session-room/:sessionId/:payload/:platform — also the page app webviews load directly (spec §2). */
export function SessionRoom() {
  const { platform } = useParams();
  const knownPlatform = PLATFORMS.find((candidate) => candidate === platform);
  return (
    <PageFrame title="Session room" app="mfe-session-room">
      {knownPlatform ? null : (
        <p role="alert">This session link looks incomplete. Please open it again from your session list.</p>
      )}
      <PlannedFeature title="Joining your session">Your video session with your provider will open here.</PlannedFeature>
    </PageFrame>
  );
}
