import { useState } from 'react';
import {
  type Answer,
  apiClient,
  Button,
  httpStatusOf,
  reportError,
  runLogin,
  serverErrorMessage,
  type LinkRequired,
  type LoginOutcome,
} from '@haven/shared';
import { CodeField, codeProblem } from '@haven/shared/contact-fields';
import { TextField } from '@haven/shared/form-kit';
import { FormAlert } from '../common/FormAlert';

const PROVIDER_NAME: Record<string, string> = { google: 'Google', apple: 'Apple', facebook: 'Facebook', sso: 'your company account' };
export const LINK_CODE_SENT = 'We e-mailed you a code. It expires in 10 minutes.';
const LINK_FAILED = 'We could not link this sign-in. Please try again.';

/** The heading's text: which account, and which way in is being linked to it. */
export function linkLead(link: LinkRequired): string {
  const how = PROVIDER_NAME[link.provider] ?? 'this sign-in';
  return `An account already uses ${link.email}. To sign in with ${how}, confirm the account is yours; ${how} is then linked to it.`;
}

/**
 * The owner proves the account (password, or a code e-mailed to it) before a provider's identity is
 * linked to it and signs in. What the user typed stays when a proof is refused.
 */
export function LinkAccountStep({
  link,
  navigate,
  onLinked,
}: {
  link: LinkRequired;
  navigate: (url: string) => void;
  onLinked?: (outcome: LoginOutcome) => void;
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const prove = async (proof: { password: string } | { code: string }) => {
    setBusy(true);
    setError(null);
    try {
      const outcome = await runLogin(
        async () =>
          (
            await apiClient.post<Answer<'/customers/link_identity', 'post'>>('/customers/link_identity', {
              link_token: link.linkToken,
              ...proof,
            })
          ).data.data,
        { navigate, errorMessage: (cause) => serverErrorMessage(cause) ?? LINK_FAILED },
      );
      if (!outcome.ok && outcome.reason === 'auth') {
        if (httpStatusOf(outcome.cause) !== 422) reportError(outcome.cause, { where: 'account link' });
        setError(outcome.error);
      }
      onLinked?.(outcome);
    } finally {
      setBusy(false);
    }
  };

  const sendCode = async () => {
    setBusy(true);
    setError(null);
    try {
      await apiClient.post<Answer<'/customers/link_identity/code', 'post'>>('/customers/link_identity/code', {
        link_token: link.linkToken,
      });
      setCodeSent(true);
    } catch (cause) {
      if (httpStatusOf(cause) !== 422 && httpStatusOf(cause) !== 429) reportError(cause, { where: 'account link code' });
      setError(serverErrorMessage(cause) ?? LINK_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="hv-auth__form" aria-label="Link to your existing account">
      <p className="hv-auth__lead">{linkLead(link)}</p>
      <FormAlert message={error} />
      {link.ways.password ? (
        <form
          className="hv-auth__form"
          aria-label="Confirm with your password"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (password) void prove({ password });
          }}
        >
          <TextField
            label="Password of that account"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Button type="submit" block disabled={busy || !password} aria-busy={busy}>
            Confirm and link
          </Button>
        </form>
      ) : null}
      <form
        className="hv-auth__form"
        aria-label="Confirm with a code we e-mail you"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (codeProblem(code.trim()) === true) void prove({ code: code.trim() });
        }}
      >
        <Button type="button" variant="secondary" block disabled={busy} onClick={() => void sendCode()}>
          {codeSent ? 'E-mail me a new code' : `E-mail a code to ${link.email}`}
        </Button>
        {codeSent ? (
          <>
            <p role="status">{LINK_CODE_SENT}</p>
            <CodeField label="Code from the e-mail" value={code} onChange={(e) => setCode(e.target.value)} />
            <Button type="submit" block disabled={busy || !code.trim()} aria-busy={busy}>
              Confirm code and link
            </Button>
          </>
        ) : null}
      </form>
    </section>
  );
}
