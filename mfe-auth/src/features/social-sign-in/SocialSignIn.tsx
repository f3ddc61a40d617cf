import { useMemo } from 'react';
import { getRuntimeConfig } from '@haven/shared';
import { createAppleIdentity } from './apple-identity';
import { createFacebookIdentity } from './facebook-identity';
import { ProviderSignIn } from './ProviderSignIn';
import { loginWithApple, loginWithFacebook, reportProviderPopupError } from './social-login';

function AppleMark() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20">
      <path
        fill="currentColor"
        d="M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9-1.7 0-3.3 1-4.2 2.6-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8 1.6 0 2 .8 3.4.8 1.4 0 2.3-1.3 3.1-2.5 1-1.4 1.4-2.8 1.4-2.9 0 0-2.7-1-2.7-4.1zM13.9 5c.7-.9 1.2-2 1-3.2-1 0-2.3.7-3 1.6-.7.8-1.2 2-1.1 3.1 1.2.1 2.3-.6 3.1-1.5z"
      />
    </svg>
  );
}

function FacebookMark() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20">
      <path
        fill="#1877F2"
        d="M24 12a12 12 0 1 0-13.9 11.9v-8.4h-3V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z"
      />
    </svg>
  );
}

/** "Continue with Apple": Apple's popup in production; the development issuer elsewhere. */
export function AppleSignIn() {
  const identity = useMemo(() => {
    const config = getRuntimeConfig();
    return createAppleIdentity({ stage: config.stage, clientId: config.appleClientId, siteBaseUrl: config.siteBaseUrl });
  }, []);
  return (
    <ProviderSignIn
      provider="Apple"
      mark={<AppleMark />}
      development={identity.kind === 'development'}
      request={(loginHint) => identity.requestProof(loginHint ? { loginHint } : {})}
      onRequestError={(error) => reportProviderPopupError(error, 'Apple')}
      login={(proof, navigate) => loginWithApple(proof, { navigate })}
    />
  );
}

/** "Continue with Facebook": Facebook's login dialog in production; the development issuer elsewhere. */
export function FacebookSignIn() {
  const identity = useMemo(() => {
    const config = getRuntimeConfig();
    return createFacebookIdentity({ stage: config.stage, appId: config.facebookAppId });
  }, []);
  return (
    <ProviderSignIn
      provider="Facebook"
      mark={<FacebookMark />}
      development={identity.kind === 'development'}
      request={(loginHint) => identity.requestAccessToken(loginHint ? { loginHint } : {})}
      onRequestError={(error) => reportProviderPopupError(error, 'Facebook')}
      login={(token, navigate) => loginWithFacebook(token, { navigate })}
    />
  );
}
