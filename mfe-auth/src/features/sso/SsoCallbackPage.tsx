import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { linkRequiredOf, PageFrame, reportError, runLogin, serverErrorMessage, useHavenStore, type LinkRequired } from '@haven/shared';
import { LinkAccountStep } from '../account-link/LinkAccountStep';
import { FormAlert } from '../common/FormAlert';
import { useAfterLogin, useRouterNavigate } from '../common/useAfterLogin';
import { ssoSignIn } from './sso-calls';
import { completeSsoCallback } from './sso-flow';
import '../common/auth-forms.css';

export const SSO_CALLBACK_ERROR = 'We could not sign you in with your company account. Please try again.';

/**
 * /auth/sso/callback: the company's identity provider sends the browser back here with a code. The
 * code is exchanged (PKCE), the ID token signs in through the shared login flow (clinician refusal,
 * errors), and the user goes on by the same after-login rules as every other way in.
 */
export function SsoCallbackPage() {
  const { pathname } = useLocation();
  const navigate = useRouterNavigate();
  const user = useHavenStore((s) => s.auth.user);
  const [redirectPath, setRedirectPath] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const goAfterLogin = useAfterLogin({ redirectPath });
  const [error, setError] = useState<string | null>(null);
  // An account already holds this work e-mail: its owner confirms it before the company account is linked.
  const [link, setLink] = useState<LinkRequired | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // one exchange per code (React may run effects twice in development)
    started.current = true;
    void (async () => {
      let proof;
      try {
        proof = await completeSsoCallback(new URL(window.location.href));
      } catch (cause) {
        reportError(cause, { where: 'sso callback' });
        setError(SSO_CALLBACK_ERROR);
        return;
      }
      setRedirectPath(proof.redirectPath);
      const outcome = await runLogin(() => ssoSignIn({ connection: proof.connection, id_token: proof.idToken, nonce: proof.nonce }), {
        navigate,
        errorMessage: (cause) => serverErrorMessage(cause) ?? SSO_CALLBACK_ERROR,
      });
      const needsLink = !outcome.ok && outcome.reason === 'auth' ? linkRequiredOf(outcome.cause) : null;
      if (outcome.ok) setDone(true);
      else if (needsLink) setLink(needsLink);
      else if (outcome.reason !== 'clinician') setError(outcome.error);
    })();
  }, [navigate]);

  useEffect(() => {
    if (done && user) goAfterLogin(user);
  }, [done, user, goAfterLogin]);

  return (
    <PageFrame title="Company sign-in" app="mfe-auth" pathname={pathname}>
      <div className="hv-auth">
        <section className="hv-auth__card" aria-label="Company sign-in" aria-busy={!error && !link}>
          {link && !error ? (
            <LinkAccountStep link={link} navigate={navigate} onLinked={(outcome) => outcome.ok && setDone(true)} />
          ) : error ? (
            <FormAlert message={error}>
              <p>
                <Link to="/auth/log-in/">Back to log in</Link>
              </p>
            </FormAlert>
          ) : (
            <p role="status">Signing you in with your company account…</p>
          )}
        </section>
      </div>
    </PageFrame>
  );
}
