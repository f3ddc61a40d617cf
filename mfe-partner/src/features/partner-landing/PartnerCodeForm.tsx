import { useId, useRef, useState } from 'react';
import { Button, reportError } from '@haven/shared';
import { CodeField } from '@haven/shared/contact-fields';
import { FormMessage, type FormMessageValue } from '@haven/shared/form-kit';

// The sign-in entry loads when the employee starts on the code, not with the page: /t-p's first paint
// skips it. A failed early load is retried, and reported, when the form is sent.
const loadAuthFlows = () => import('@haven/shared/auth-flows');
const CODE_CHECK_UNAVAILABLE = "We couldn't check your code: no connection to Haven. Check your internet connection and try again.";

/**
 * The company's one-time code (product rules, Validation: TOTP → verify_totp_code). Right: the employee is a verified
 * partnership user of that company and goes on to log in; wrong: 'Invalid verification code'.
 */
export function PartnerCodeForm({
  companyId,
  companyName,
  onStart,
  onVerified,
}: {
  companyId: string;
  companyName: string;
  onStart(): void;
  onVerified(): void;
}) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLInputElement>(null);
  const messageId = useId();
  // The code itself was refused (not a lost connection): the field is marked invalid and names the message.
  const [refused, setRefused] = useState(false);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setFieldError('Enter the 6-digit code from your organisation');
      ref.current?.focus();
      return;
    }
    setFieldError(null);
    setRefused(false);
    setMessage(null);
    setBusy(true);
    onStart();
    let partnerLogin;
    try {
      ({ partnerLogin } = await loadAuthFlows());
    } catch (error) {
      reportError(error, { where: 'partner code form: loading the sign-in code' });
      setBusy(false);
      setMessage({ tone: 'error', text: CODE_CHECK_UNAVAILABLE });
      return;
    }
    const outcome = await partnerLogin(companyId, code);
    setBusy(false);
    if (outcome.ok) onVerified();
    // Typed digits stay in the field, so a slip can be corrected.
    else {
      setRefused(true);
      setMessage({ tone: 'error', text: outcome.error });
    }
  };

  return (
    <form className="hv-partner__form" noValidate onSubmit={onSubmit} aria-label={`Verify your ${companyName} code`}>
      <CodeField
        ref={ref}
        label="Company code"
        maxLength={6}
        value={code}
        hint="The 6-digit code your organisation shares with employees"
        error={fieldError ?? undefined}
        refusedBy={refused ? messageId : undefined}
        onChange={(e) => setCode(e.target.value)}
        onFocus={() => void loadAuthFlows().catch(() => undefined /* retried and reported on submit */)}
      />
      <Button type="submit" disabled={busy} aria-busy={busy}>
        {busy ? 'Checking…' : 'Verify code'}
      </Button>
      <FormMessage id={messageId} message={message} />
    </form>
  );
}
