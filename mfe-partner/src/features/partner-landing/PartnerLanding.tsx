import { PageFrame, PlannedFeature, useHavenStore } from '@haven/shared';

/** /t-p: where partner links and the post-logout redirect land (spec §2). */
export function PartnerLanding() {
  const signedIn = useHavenStore((state) => state.auth.user !== null);
  return (
    <PageFrame title="Care sponsored by your organisation" app="mfe-partner">
      <p>If your employer or partner organisation offers Haven, you can use your sponsored sessions here.</p>
      {signedIn ? null : (
        <p>
          <a href="/auth/log-in/?redirectPath=%2Ft-p">Log in to see your package</a>
        </p>
      )}
      <PlannedFeature title="Your sponsored package" />
    </PageFrame>
  );
}
