import { useId, useState, type ReactNode } from 'react';
import { Button, isValidEmail, linkRequiredOf, SupportLinkedText, type LinkRequired, type LoginOutcome } from '@haven/shared';
import { TextField } from '@haven/shared/form-kit';
import { useRouterNavigate } from '../common/useAfterLogin';
import { LinkAccountStep } from '../account-link/LinkAccountStep';

export interface ProviderSignInProps<Proof> {
  /** 'Google', 'Apple', 'Facebook': the button reads "Continue with {provider}". */
  provider: string;
  mark: ReactNode;
  /** Off production the provider is unreachable: the button opens a chooser backed by the api's development issuer. */
  development: boolean;
  /** Asks the provider (or the development issuer, with the chosen e-mail) for its proof. */
  request: (loginHint?: string) => Promise<Proof>;
  /** The popup, SDK or issuer failed: reported and told (each provider has its text). */
  onRequestError: (error: unknown) => void;
  /** The proof exchanged for a session through the shared login flow. */
  login: (proof: Proof, navigate: (url: string) => void) => Promise<LoginOutcome>;
}

/**
 * "Continue with …" for a third-party identity: the provider's own popup in production; locally the
 * provider cannot be reached, so the button opens a development account chooser.
 */
export function ProviderSignIn<Proof>({ provider, mark, development, request, onRequestError, login }: ProviderSignInProps<Proof>) {
  const navigate = useRouterNavigate();
  const [chooserOpen, setChooserOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The failure stays on the page after its toast is gone, with "contact the support team" linking to /help.
  const [failure, setFailure] = useState<string | null>(null);
  // An account already holds the provider's e-mail: its owner proves it before the identity is linked.
  const [link, setLink] = useState<LinkRequired | null>(null);
  const chooserId = useId();

  const run = async (loginHint?: string) => {
    setBusy(true);
    setFailure(null);
    setLink(null);
    try {
      let proof: Proof;
      try {
        proof = await request(loginHint);
      } catch (error) {
        onRequestError(error);
        return;
      }
      const outcome = await login(proof, navigate);
      const needsLink = !outcome.ok && outcome.reason === 'auth' ? linkRequiredOf(outcome.cause) : null;
      if (needsLink) setLink(needsLink);
      else if (!outcome.ok && outcome.reason === 'auth') setFailure(outcome.error);
    } finally {
      setBusy(false);
    }
  };

  const failureText = failure ? (
    <p className="hv-auth__error" role="alert">
      <SupportLinkedText text={failure} />
    </p>
  ) : link ? (
    <LinkAccountStep link={link} navigate={navigate} />
  ) : null;

  if (!development) {
    return (
      <>
        <Button variant="secondary" block disabled={busy} aria-busy={busy} onClick={() => void run()}>
          {mark} Continue with {provider}
        </Button>
        {failureText}
      </>
    );
  }

  return (
    <div className="hv-auth__form">
      <Button
        variant="secondary"
        block
        aria-expanded={chooserOpen}
        aria-controls={chooserId}
        onClick={() => setChooserOpen((open) => !open)}
      >
        {mark} Continue with {provider}
      </Button>
      <div id={chooserId} hidden={!chooserOpen}>
        <form
          className="hv-auth__form"
          noValidate
          aria-label={`Development ${provider} sign-in`}
          onSubmit={(event) => {
            event.preventDefault();
            if (!isValidEmail(email)) {
              setEmailError(`Enter the e-mail of the ${provider} account`);
              return;
            }
            setEmailError(null);
            void run(email.trim());
          }}
        >
          <p className="hv-auth__lead">
            {provider} cannot be reached from this environment: choose the account the development issuer signs you in as.
          </p>
          <TextField
            label={`${provider} account e-mail`}
            type="email"
            autoComplete="email"
            value={email}
            error={emailError ?? undefined}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" variant="secondary" block disabled={busy} aria-busy={busy}>
            Continue as this {provider} account
          </Button>
        </form>
      </div>
      {failureText}
    </div>
  );
}
