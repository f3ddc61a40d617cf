import { useEffect, useState } from 'react';
import { reportError, ssoDomainToCheck } from '@haven/shared';
import { checkSsoDomain, type SsoConnection } from './sso-calls';

/** Wait after the last keystroke before asking (the check is rate-limited per address). */
export const SSO_CHECK_DELAY_MS = 400;
/** One answer per domain for the page's life: editing the name part asks nothing again. */
const answers = new Map<string, Promise<SsoConnection | null>>();

function connectionFor(domain: string, email: string): Promise<SsoConnection | null> {
  let answer = answers.get(domain);
  if (!answer) {
    answer = checkSsoDomain(email).then(
      (a) => (a.sso && a.connection && a.issuer && a.client_id && a.organisation_name ? (a as SsoConnection) : null),
      (error: unknown) => {
        answers.delete(domain); // a failed check is asked again next time
        throw error;
      },
    );
    answers.set(domain, answer);
  }
  return answer;
}

/** The SSO connection of the typed e-mail's domain (SSO domain check), or null. Public mailboxes are never asked about. */
export function useSsoDomainCheck(email: string): SsoConnection | null {
  const [found, setFound] = useState<{ domain: string; connection: SsoConnection } | null>(null);
  const domain = ssoDomainToCheck(email);
  useEffect(() => {
    if (!domain) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      connectionFor(domain, email.trim())
        .then((connection) => {
          if (live) setFound(connection ? { domain, connection } : null);
        })
        // Without the answer the password form still works: reported, nothing shown.
        .catch((error: unknown) => reportError(error, { where: 'sso domain check' }));
    }, SSO_CHECK_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // The e-mail is read when the timer fires; a new domain (not each keystroke of the name) asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [domain]);
  return found && found.domain === domain ? found.connection : null;
}

/** Test hook. */
export function forgetSsoAnswersForTests(): void {
  answers.clear();
}
