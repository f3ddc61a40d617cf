import { useId, useMemo, useState } from 'react';
import {
  Button,
  createGoogleIdentity,
  getRuntimeConfig,
  isValidEmail,
  loginWithGoogle,
  reportGooglePopupError,
  SupportLinkedText,
  TextField,
} from '@haven/shared';
import { useRouterNavigate } from '../common/useAfterLogin';

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
 * "Continue with Google" through the shared adapter: Google's popup in production; locally Google is
 * unreachable, so the button opens a development account chooser backed by the api's issuer.
 */
export function GoogleSignIn() {
  const navigate = useRouterNavigate();
  const identity = useMemo(() => createGoogleIdentity({ stage: getRuntimeConfig().stage, clientId: getRuntimeConfig().googleClientId }), []);
  const [chooserOpen, setChooserOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The failure stays on the page after its toast is gone, with "contact the support team" linking to /help.
  const [failure, setFailure] = useState<string | null>(null);
  const chooserId = useId();

  const signIn = async (loginHint?: string) => {
    setBusy(true);
    setFailure(null);
    try {
      let response;
      try {
        response = await identity.requestCredential(loginHint ? { loginHint } : {});
      } catch (error) {
        reportGooglePopupError(error);
        return;
      }
      const outcome = await loginWithGoogle(response, { navigate });
      if (!outcome.ok && outcome.reason === 'auth') setFailure(outcome.error);
    } finally {
      setBusy(false);
    }
  };

  const failureText = failure ? (
    <p className="hv-auth__error" role="alert">
      <SupportLinkedText text={failure} />
    </p>
  ) : null;

  if (identity.kind === 'google') {
    return (
      <>
        <Button variant="secondary" block disabled={busy} aria-busy={busy} onClick={() => void signIn()}>
          <GoogleMark /> Continue with Google
        </Button>
        {failureText}
      </>
    );
  }

  return (
    <div className="hv-auth__form">
      <Button variant="secondary" block aria-expanded={chooserOpen} aria-controls={chooserId} onClick={() => setChooserOpen((open) => !open)}>
        <GoogleMark /> Continue with Google
      </Button>
      <div id={chooserId} hidden={!chooserOpen}>
        <form
          className="hv-auth__form"
          noValidate
          aria-label="Development Google sign-in"
          onSubmit={(event) => {
            event.preventDefault();
            if (!isValidEmail(email)) {
              setEmailError('Enter the e-mail of the Google account');
              return;
            }
            setEmailError(null);
            void signIn(email.trim());
          }}
        >
          <p className="hv-auth__lead">Google cannot be reached from this environment: choose the account the development issuer signs you in as.</p>
          <TextField label="Google account e-mail" type="email" autoComplete="email" value={email} error={emailError ?? undefined} onChange={(e) => setEmail(e.target.value)} />
          <Button type="submit" variant="secondary" block disabled={busy} aria-busy={busy}>
            Continue as this Google account
          </Button>
        </form>
      </div>
      {failureText}
    </div>
  );
}
