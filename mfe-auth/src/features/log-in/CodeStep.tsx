import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@haven/shared';
import { requestOtp, verifyOtp } from '@haven/shared/auth-flows';
import { describeApiError, FormMessage, TextField, useCountdown, type FormMessageValue } from '@haven/shared/form-kit';
import { saveOtpStep, saveVerifiedDestination, type OtpStep } from '../common/session-steps';
import { useRouterNavigate } from '../common/useAfterLogin';
import { KNOWN_OTP_ERRORS, RESEND_COOLDOWN_S, STEP_PARAM } from './otp-url';

/** How long sign-up accepts a verified destination (the api's proof lives 15 minutes). */
export const VERIFIED_FOR_MS = 15 * 60 * 1000;

export interface CodeStepProps {
  step: OtpStep;
  onStepChange(step: OtpStep): void;
  onChangeTarget(): void;
}

/** The code entry: verify, resend after a countdown computed from the step's deadline, or change the destination. */
export function CodeStep({ step, onStepChange, onChangeTarget }: CodeStepProps) {
  const navigate = useNavigate();
  const flowNavigate = useRouterNavigate();
  const [params] = useSearchParams();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [message, setMessage] = useState<FormMessageValue | null>(() => ({ tone: 'success', text: `We sent a code to ${step.label}.` }));
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const secondsLeft = useCountdown(step.resendAt);

  useEffect(() => {
    codeRef.current?.focus();
  }, []);

  const describe = (error: unknown, action: string) => describeApiError(error, { action, known: KNOWN_OTP_ERRORS });

  const onVerify = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!/^\d{4,8}$/.test(code)) {
      setCodeError('Enter the code we sent you');
      codeRef.current?.focus();
      return;
    }
    setCodeError(null);
    setMessage(null);
    setBusy(true);
    const outcome = await verifyOtp(step.target, code, { expiresAt: step.expiresAt, navigate: flowNavigate });
    setBusy(false);
    if (outcome.ok) {
      saveOtpStep(null); // the log-in page moves on with the signed-in user
      return;
    }
    if (outcome.reason === 'no-account') {
      // Verified, but nobody uses it yet: on to sign-up with it, no second code.
      saveVerifiedDestination({
        target: step.target,
        label: step.label,
        verificationToken: outcome.verificationToken,
        until: Date.now() + VERIFIED_FOR_MS,
      });
      saveOtpStep(null);
      const next = new URLSearchParams(params);
      next.delete(STEP_PARAM);
      next.delete('method');
      navigate(`/auth/sign-up${next.toString() ? `?${next.toString()}` : ''}`);
      return;
    }
    if (outcome.reason === 'auth') {
      const d = describe(outcome.cause, 'check the code');
      if (d.kind === 'rate-limited') onStepChange({ ...step, resendAt: Math.max(step.resendAt, Date.now() + d.retryAfterSeconds * 1000) });
      setMessage({ tone: 'error', text: d.message });
      return;
    }
    setMessage({ tone: 'error', text: outcome.error });
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
    <form key="verify" className="hv-auth__form" noValidate onSubmit={onVerify} aria-label="Verify your one-time code">
      <TextField
        {...{ ref: codeRef }}
        label="Verification code"
        name="code"
        digitsOnly
        autoComplete="one-time-code"
        maxLength={8}
        value={code}
        oneMessage
        hint={`Sent to ${step.label}`}
        error={codeError ?? undefined}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" block disabled={busy} aria-busy={busy}>
        {busy ? 'Verifying…' : 'Verify and log in'}
      </Button>
      <Button variant="secondary" block disabled={secondsLeft > 0 || resending} aria-busy={resending} onClick={() => void onResend()}>
        {secondsLeft > 0 ? `Resend code in ${secondsLeft}s` : 'Resend code'}
      </Button>
      <Button variant="ghost" onClick={onChangeTarget}>
        {step.target.channel === 'email' ? 'Use a different e-mail' : 'Use a different number'}
      </Button>
      <FormMessage message={message} />
    </form>
  );
}
