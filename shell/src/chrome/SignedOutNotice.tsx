import { lazy, Suspense, useEffect, useState } from 'react';
import { ErrorBoundary, SIGNED_OUT_NOTICE_EVENT, havenStore, takeSignedOutNotice, type SignedOutCause } from '@haven/shared';

const SignedOutBanner = lazy(() => import('./SignedOutBanner').then((m) => ({ default: m.SignedOutBanner })));

/**
 * Says why this tab was signed out when the person did not do it here (another tab, the company site,
 * an ended session): on the page it lands on, or at once when the tab stays where it is. It goes when
 * dismissed or when the person signs in again.
 */
export function SignedOutNotice() {
  // Read once on load (and forgotten): a tab sent to the landing page hears it there.
  const [cause, setCause] = useState<SignedOutCause | null>(takeSignedOutNotice);
  useEffect(() => {
    // Heard at once, but left noted: a tab that is about to load another page says it there.
    const heard = (e: Event) => setCause((e as CustomEvent<SignedOutCause>).detail);
    window.addEventListener(SIGNED_OUT_NOTICE_EVENT, heard);
    // Signed in again: the notice has done its work.
    const stop = havenStore.subscribe((state, before) => {
      if (!state.auth.user || before.auth.user) return;
      takeSignedOutNotice();
      setCause(null);
    });
    return () => {
      window.removeEventListener(SIGNED_OUT_NOTICE_EVENT, heard);
      stop();
    };
  }, []);
  if (!cause) return null;
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>
        <SignedOutBanner
          cause={cause}
          onDismiss={() => {
            takeSignedOutNotice();
            setCause(null);
          }}
        />
      </Suspense>
    </ErrorBoundary>
  );
}
