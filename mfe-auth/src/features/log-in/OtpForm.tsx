import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, type OtpChannel, type OtpTarget } from '@haven/shared';
import { requestOtp } from '@haven/shared/auth-flows';
import { DEFAULT_PHONE_COUNTRY, FormMessage, useApiSubmit } from '@haven/shared/form-kit';
import { useForm } from '@haven/shared/forms';
import { MobileNumberField, phoneTarget, useCountryCodes, usePhoneReader } from '@haven/shared/contact-fields';
import { EmailField } from '../common/EmailField';
import { readOtpStep, saveOtpStep, type OtpStep } from '../common/session-steps';
import { CodeStep } from './CodeStep';
import { CODE_STEP, RESEND_COOLDOWN_S, STEP_PARAM, withStep } from './otp-url';

const CHANNELS: ReadonlyArray<{ value: OtpChannel; label: string }> = [
  { value: 'sms', label: 'SMS' },
  { value: 'whatsapp', label: 'WhatsApp' },
  { value: 'email', label: 'E-mail' },
];

interface RequestValues {
  channel: OtpChannel;
  country: string;
  mobile: string;
  email: string;
}

/**
 * Passwordless: a one-time code by SMS, WhatsApp or e-mail, then the code step. The step lives in the
 * URL (?step=code) and session storage: a reload returns to code entry with the resend countdown
 * still right, and Back returns to the number, kept.
 */
export function OtpForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const countries = useCountryCodes();
  const reader = usePhoneReader();
  const [step, setStep] = useState<OtpStep | null>(() => readOtpStep());
  const onCodeStep = params.get(STEP_PARAM) === CODE_STEP && step !== null;

  const { register, control, handleSubmit, watch, getValues, setError, setFocus, formState } = useForm<RequestValues>({
    shouldFocusError: false,
    defaultValues: step?.form ?? { channel: 'sms', country: DEFAULT_PHONE_COUNTRY, mobile: '', email: '' },
  });
  const { errors, isSubmitting } = formState;
  const channel = watch('channel');
  const request = useApiSubmit<RequestValues>({
    setError,
    action: 'send the code',
    fields: { mobile: { name: 'mobile', label: 'Mobile number' }, email: { name: 'email', label: 'E-mail address' } },
  });

  // A shared or stale ?step=code without a stored step: back to the first step.
  const staleStep = params.get(STEP_PARAM) === CODE_STEP && step === null;
  useEffect(() => {
    if (staleStep) navigate({ search: withStep(params, false) }, { replace: true });
  }, [staleStep, navigate, params]);

  // Back from the code step: the number (or address) is focused, as typed.
  const wasOnCodeStep = useRef(onCodeStep);
  useEffect(() => {
    if (wasOnCodeStep.current && !onCodeStep) setFocus(channel === 'email' ? 'email' : 'mobile');
    wasOnCodeStep.current = onCodeStep;
  }, [onCodeStep, channel, setFocus]);

  const onRequest = async (values: RequestValues) => {
    request.clear();
    let target: OtpTarget;
    let label: string;
    if (values.channel === 'email') {
      target = { channel: 'email', email: values.email.trim() };
      label = target.email;
    } else {
      const phone = phoneTarget(reader, countries, values.mobile, values.country);
      target = { channel: values.channel, mobile: phone.mobile, country_code: phone.country_code };
      label = phone.label;
    }
    try {
      const { sentAt, expiresAt } = await requestOtp(target);
      const next: OtpStep = { target, label, resendAt: sentAt + RESEND_COOLDOWN_S * 1000, expiresAt, form: values };
      saveOtpStep(next);
      setStep(next);
      navigate({ search: withStep(params, true) }, { state: { otpStep: true } });
    } catch (error) {
      request.fail(error);
    }
  };

  if (onCodeStep && step) {
    return (
      <CodeStep
        step={step}
        onStepChange={(next) => {
          saveOtpStep(next);
          setStep(next);
        }}
        onChangeTarget={() => {
          // Our own push: Back is the way (the history stays honest); otherwise replace.
          if ((location.state as { otpStep?: boolean } | null)?.otpStep) navigate(-1);
          else navigate({ search: withStep(params, false) }, { replace: true });
        }}
      />
    );
  }

  const wait = request.waitSeconds;
  return (
    <form
      key="request"
      className="hv-auth__form"
      noValidate
      onSubmit={handleSubmit(onRequest, request.focusInvalid)}
      aria-label="Get a one-time code"
    >
      <fieldset className="hv-auth__fieldset">
        <legend className="hv-auth__legend">Send the code by</legend>
        <div className="hv-auth__choices">
          {CHANNELS.map((c) => (
            <label key={c.value} className="hv-auth__choice">
              <input type="radio" value={c.value} {...register('channel')} />
              {c.label}
            </label>
          ))}
        </div>
      </fieldset>
      {channel === 'email' ? (
        <EmailField
          register={register}
          errors={errors}
          route="POST /api/v1/otp/send"
          label="E-mail address"
          allowBlocked
          when={() => getValues('channel') === 'email'}
        />
      ) : (
        <MobileNumberField control={control} mobileName="mobile" countryName="country" isSkipped={(values) => values.channel === 'email'} />
      )}
      <Button type="submit" block disabled={isSubmitting || wait > 0} aria-busy={isSubmitting}>
        {isSubmitting ? 'Sending…' : wait > 0 ? `Send code (wait ${wait}s)` : 'Send code'}
      </Button>
      <FormMessage message={request.message} />
    </form>
  );
}
