import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, reportError } from '@haven/shared';
import type { SsoConnection } from './sso-calls';
import { startSsoSignIn } from './sso-flow';

export const SSO_START_ERROR = "We could not reach your company's sign-in page. Please try again, or log in with your password.";

/** Offered under the e-mail when its domain signs in through the company (SSO domain check). */
export function SsoOffer({ connection, email }: { connection: SsoConnection; email: string }) {
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const go = async () => {
    setBusy(true);
    setError(null);
    try {
      await startSsoSignIn(connection, { loginHint: email.trim(), redirectPath: params.get('redirectPath') });
    } catch (cause) {
      reportError(cause, { where: 'sso start' });
      setError(SSO_START_ERROR);
      setBusy(false);
    }
  };
  return (
    <div className="hv-auth__sso" role="group" aria-label="Company sign-in">
      <p className="hv-auth__lead">{connection.organisation_name} signs you in with your company account.</p>
      <Button type="button" variant="secondary" block disabled={busy} aria-busy={busy} onClick={() => void go()}>
        Continue with your company account
      </Button>
      {error ? (
        <p className="hv-auth__alert" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
