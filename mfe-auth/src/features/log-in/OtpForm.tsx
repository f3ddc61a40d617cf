import { useEffect, useRef, useState } from 'react';
import {
  Button,
  digitsOnly,
  findCountry,
  isAllowedNumericKey,
  isValidEmail,
  NO_ACCOUNT_MESSAGE,
  requestOtp,
  serverErrorMessage,
  TextField,
  useForm,
  verifyOtp,
  type OtpChannel,
  type OtpTarget,
} from '@haven/shared';
import { Link, useSearchParams } from 'react-router-dom';
import { FormAlert, FormStatus } from '../common/FormAlert';
import { DEFAULT_COUNTRY } from '../common/PhoneField';
import { MobileNumberField } from '../common/MobileNumberField';
import { useCountryCodes } from '../common/useCountryCodes';
import { useRouterNavigate } from '../common/useAfterLogin';

/** Seconds before "Resend code" is offered again. */
export const RESEND_COOLDOWN_S = 30;

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

function describe(target: OtpTarget, dialCode: string): string {
  return target.channel === 'email' ? target.email : `${dialCode} ${target.mobile}`;
}

function useCountdown(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/** Passwordless: a one-time code by SMS, WhatsApp or e-mail, then the verification step. */
export function OtpForm() {
  const navigate = useRouterNavigate();
  const [params] = useSearchParams();
  const countries = useCountryCodes();
  const [sent, setSent] = useState<{ target: OtpTarget; expiresAt: number; label: string } | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const secondsLeft = useCountdown(resendAt);

  const {
    register,
    control,
    handleSubmit,
    watch,
    getValues,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<RequestValues>({ defaultValues: { channel: 'sms', country: DEFAULT_COUNTRY, mobile: '', email: '' } });
  const channel = watch('channel');
  const country = watch('country');
  const selected = countries ? findCountry(countries, country) : undefined;
  const dialCode = selected?.dialCode ?? '+91';

  const [changingTarget, setChangingTarget] = useState(false);
  useEffect(() => {
    if (sent) codeRef.current?.focus();
    else if (changingTarget) setFocus(getValues('channel') === 'email' ? 'email' : 'mobile');
  }, [sent, changingTarget, setFocus, getValues]);

  const targetOf = (v: RequestValues): OtpTarget =>
    v.channel === 'email' ? { channel: 'email', email: v.email.trim() } : { channel: v.channel, mobile: v.mobile, country_code: dialCode.replace('+', '') };

  const send = async (target: OtpTarget, again = false) => {
    setServerError(null);
    setCodeError(null);
    try {
      const { sentAt, expiresAt } = await requestOtp(target);
      setSent({ target, expiresAt, label: describe(target, dialCode) });
      setChangingTarget(false);
      setResendAt(sentAt + RESEND_COOLDOWN_S * 1000);
      setNotice(`We sent ${again ? 'a new' : 'a'} code to ${describe(target, dialCode)}.`);
      return true;
    } catch (error) {
      setServerError(serverErrorMessage(error) ?? 'Could not send the code. Please try again.');
      return false;
    }
  };

  const onRequest = async (values: RequestValues) => {
    await send(targetOf(values));
  };

  const onVerify = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!sent) return;
    if (!/^\d{4,8}$/.test(code)) {
      setCodeError('Enter the code we sent you');
      codeRef.current?.focus();
      return;
    }
    setCodeError(null);
    setServerError(null);
    setBusy(true);
    const outcome = await verifyOtp(sent.target, code, { expiresAt: sent.expiresAt, navigate });
    setBusy(false);
    if (!outcome.ok) setServerError(outcome.error);
  };

  const signUpLink = `/auth/sign-up${params.toString() ? `?${params.toString()}` : ''}`;

  if (sent) {
    return (
      // Keyed: the two steps must never share input elements (an uncontrolled field would keep the code).
      <form key="verify" className="hv-auth__form" noValidate onSubmit={onVerify} aria-label="Verify your one-time code">
        <FormStatus message={notice} />
        <FormAlert message={serverError}>
          {serverError === NO_ACCOUNT_MESSAGE ? <Link to={signUpLink}>Create an account</Link> : null}
        </FormAlert>
        <TextField
          {...{ ref: codeRef }}
          label="Verification code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          value={code}
          hint={`Sent to ${sent.label}`}
          error={codeError ?? undefined}
          onKeyDown={(e) => {
            if (!isAllowedNumericKey(e)) e.preventDefault();
          }}
          onChange={(e) => setCode(digitsOnly(e.target.value))}
        />
        <Button type="submit" block disabled={busy} aria-busy={busy}>
          {busy ? 'Verifying…' : 'Verify and log in'}
        </Button>
        <Button
          variant="secondary"
          block
          disabled={secondsLeft > 0}
          onClick={async () => {
            if (await send(sent.target, true)) setCode('');
          }}
        >
          {secondsLeft > 0 ? `Resend code in ${secondsLeft}s` : 'Resend code'}
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            setSent(null);
            setChangingTarget(true);
            setServerError(null);
            setNotice(null);
          }}
        >
          {sent.target.channel === 'email' ? 'Use a different e-mail' : 'Use a different number'}
        </Button>
      </form>
    );
  }

  return (
    <form key="request" className="hv-auth__form" noValidate onSubmit={handleSubmit(onRequest)} aria-label="Get a one-time code">
      <FormAlert message={serverError} />
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
        <TextField
          label="E-mail address"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email', {
            validate: (value) => getValues('channel') !== 'email' || isValidEmail(value) || 'Enter a valid e-mail address',
          })}
        />
      ) : (
        <MobileNumberField control={control} mobileName="mobile" countryName="country" isSkipped={(values) => values.channel === 'email'} />
      )}
      <Button type="submit" block disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send code'}
      </Button>
    </form>
  );
}
