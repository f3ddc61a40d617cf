import { useNavigate, useSearchParams } from 'react-router-dom';
import { verifyOtp } from '@haven/shared/auth-flows';
import { CodeEntry, type CodeCheck } from '../common/CodeEntry';
import { saveOtpStep, saveVerifiedDestination, type OtpStep } from '../common/session-steps';
import { useRouterNavigate } from '../common/useAfterLogin';
import { STEP_PARAM } from './otp-url';

/** How long sign-up accepts a verified destination (the api's proof lives 15 minutes). */
export const VERIFIED_FOR_MS = 15 * 60 * 1000;

export interface CodeStepProps {
  step: OtpStep;
  onStepChange(step: OtpStep): void;
  onChangeTarget(): void;
}

/** The log-in code entry: a right code signs in, or (no account yet) carries the proof on to sign-up. */
export function CodeStep({ step, onStepChange, onChangeTarget }: CodeStepProps) {
  const navigate = useNavigate();
  const flowNavigate = useRouterNavigate();
  const [params] = useSearchParams();

  const check = async (code: string): Promise<CodeCheck> => {
    const outcome = await verifyOtp(step.target, code, { expiresAt: step.expiresAt, navigate: flowNavigate });
    if (outcome.ok) {
      saveOtpStep(null); // the log-in page moves on with the signed-in user
      return null;
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
      return null;
    }
    if (outcome.reason === 'auth') return { error: outcome.cause };
    return { text: outcome.error };
  };

  return (
    <CodeEntry
      step={step}
      onStepChange={onStepChange}
      onChangeTarget={onChangeTarget}
      check={check}
      submitLabel="Verify and log in"
      action="check the code"
    />
  );
}
