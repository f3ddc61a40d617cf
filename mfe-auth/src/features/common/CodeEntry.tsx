import { useEffect, useId, useRef, useState } from 'react';
import { Button, type OtpTarget } from '@haven/shared';
import { requestOtp } from '@haven/shared/auth-flows';
import { CodeField, codeProblem } from '@haven/shared/contact-fields';
import { describeApiError, FormMessage, useCountdown, type FormMessageValue } from '@haven/shared/form-kit';
import { KNOWN_OTP_ERRORS, RESEND_COOLDOWN_S } from '../log-in/otp-url';

/** Where a one-time code went and its clocks (ms since epoch). */
export interface CodeEntryStep {
  target: OtpTarget;
  /** For people: '+91 98765 43210' or the e-mail address. */
  label: string;
  resendAt: number;
  expiresAt: number;
}

/** What checking a code came to: nothing more to show (the flow moved on), an api refusal, or a sentence. */
export type CodeCheck = null | { error: unknown } | { text: string };

export interface CodeEntryProps<S extends CodeEntryStep> {
  step: S;
  onStepChange(step: S): void;
  onChangeTarget(): void;
  /** Uses the code (log in, or create the account). */
  check(code: string): Promise<CodeCheck>;
  /** The submit button: 'Verify and log in', 'Verify and create account'. */
  submitLabel: string;
  /** What a refusal says we could not do: 'check the code'. */
  action: string;
  /** The form's accessible name. */
  formLabel?: string;
}

/**
 * The code entry every one-time-code flow shares: the code field, a resend after a countdown computed
 * from the step's deadline (a rate limit pushes it out), and a way back to change the destination.
 */
export function CodeEntry<S extends CodeEntryStep>({
  step,
  onStepChange,
  onChangeTarget,
  check,
  submitLabel,
  action,
  formLabel = 'Verify your one-time code',
}: CodeEntryProps<S>) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [message, setMessage] = useState<FormMessageValue | null>(() => ({ tone: 'success', text: `We sent a code to ${step.label}.` }));
  const [busy, setBusy] = useState(false);
  // The code itself was refused (wrong, replaced, expired): the field is marked invalid and names the message.
  const [refused, setRefused] = useState(false);
  const messageId = useId();
  const [resending, setResending] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const secondsLeft = useCountdown(step.resendAt);

  useEffect(() => {
    codeRef.current?.focus();
  }, []);

  const describe = (error: unknown, what: string) => describeApiError(error, { action: what, known: KNOWN_OTP_ERRORS });

  const onVerify = async (event: React.FormEvent) => {
    event.preventDefault();
    const problem = codeProblem(code);
    if (problem !== true) {
      setCodeError(problem);
      codeRef.current?.focus();
      return;
    }
    setCodeError(null);
    setRefused(false);
    setMessage(null);
    setBusy(true);
    let result: CodeCheck;
    try {
      result = await check(code);
    } finally {
      setBusy(false);
    }
    if (!result) return;
    if ('text' in result) {
      setRefused(true);
      setMessage({ tone: 'error', text: result.text });
      return;
    }
    const d = describe(result.error, action);
    if (d.kind === 'rate-limited') onStepChange({ ...step, resendAt: Math.max(step.resendAt, Date.now() + d.retryAfterSeconds * 1000) });
    setRefused(KNOWN_OTP_ERRORS.some((k) => k.message === d.message));
    setMessage({ tone: 'error', text: d.message });
  };

  const onResend = async () => {
    setResending(true);
    setMessage(null);
    try {
      const { sentAt, expiresAt } = await requestOtp(step.target);
      onStepChange({ ...step, resendAt: sentAt + RESEND_COOLDOWN_S * 1000, expiresAt });
      setCode('');
      setMessage({ tone: 'success', text: `We sent a new code to ${step.label}.` });
    } catch (error) {
      const d = describe(error, 'send a new code');
      // A rate limit: the resend button counts down from Retry-After.
      if (d.kind === 'rate-limited') onStepChange({ ...step, resendAt: Date.now() + d.retryAfterSeconds * 1000 });
      setMessage({ tone: 'error', text: d.message });
    } finally {
      setResending(false);
    }
  };

  return (
    // Keyed: the two steps must never share input elements (an uncontrolled field would keep the code).
    <form key="verify" className="hv-auth__form" noValidate onSubmit={onVerify} aria-label={formLabel}>
      <CodeField
        ref={codeRef}
        label="Verification code"
        value={code}
        hint={`Sent to ${step.label}`}
        error={codeError ?? undefined}
        refusedBy={refused ? messageId : undefined}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" block disabled={busy} aria-busy={busy}>
        {busy ? 'Verifying…' : submitLabel}
      </Button>
      <Button variant="secondary" block disabled={secondsLeft > 0 || resending} aria-busy={resending} onClick={() => void onResend()}>
        {secondsLeft > 0 ? `Resend code in ${secondsLeft}s` : 'Resend code'}
      </Button>
      <Button variant="ghost" onClick={onChangeTarget}>
        {step.target.channel === 'email' ? 'Use a different e-mail' : 'Use a different number'}
      </Button>
      <FormMessage id={messageId} message={message} />
    </form>
  );
}
