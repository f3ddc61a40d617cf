import { useMemo } from 'react';
import { getRuntimeConfig } from '@haven/shared';
import { createGoogleIdentity, loginWithGoogle, reportGooglePopupError } from '@haven/shared/auth-flows';
import { ProviderSignIn } from '../social-sign-in/ProviderSignIn';

function GoogleMark() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20">
      <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7z" />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3a7.2 7.2 0 0 1-10.7-3.8h-4v3.1A12 12 0 0 0 12 24z" />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.4.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1A7.2 7.2 0 0 1 12 4.8z" />
    </svg>
  );
}

/**
 * "Continue with Google" through the shared adapter: Google's popup where the runtime config names a client
 * id; without one (locally) the button opens a development account chooser backed by the api's stand-in.
 */
export function GoogleSignIn() {
  const identity = useMemo(() => createGoogleIdentity({ clientId: getRuntimeConfig().googleClientId }), []);
  return (
    <ProviderSignIn
      provider="Google"
      mark={<GoogleMark />}
      development={identity.kind === 'development'}
      request={(loginHint) => identity.requestCredential(loginHint ? { loginHint } : {})}
      onRequestError={reportGooglePopupError}
      login={(response, navigate) => loginWithGoogle(response, { navigate })}
    />
  );
}
