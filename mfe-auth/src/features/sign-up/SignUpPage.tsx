import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import {
  Button,
  httpStatusOf,
  normaliseName,
  PageFrame,
  serverErrorMessage,
  toast,
  useHavenStore,
  type LoginOutcome,
  type OtpTarget,
} from '@haven/shared';
import { OTP_EXPIRED_MESSAGE, requestOtp, signUpAndLogin, type SignUpBody } from '@haven/shared/auth-flows';
import { DEFAULT_PHONE_COUNTRY, FormMessage, useApiSubmit } from '@haven/shared/form-kit';
import { useForm } from '@haven/shared/forms';
import { MobileNumberField, phonePayload, useCountryCodes, usePhoneReader } from '@haven/shared/contact-fields';
import { PRIVACY_URL, TERMS_URL } from '../common/consent-links';
import { NAME_API_FIELDS, NameFields } from '../common/NameFields';
import { CodeEntry, type CodeCheck, type CodeEntryStep } from '../common/CodeEntry';
import { EmailField } from '../common/EmailField';
import { NewPasswordFields } from '../common/NewPasswordFields';
import { readVerifiedDestination, saveVerifiedDestination, type VerifiedDestination } from '../common/session-steps';
import { useAfterLogin, useRouterNavigate } from '../common/useAfterLogin';
import { KNOWN_OTP_ERRORS, RESEND_COOLDOWN_S } from '../log-in/otp-url';
import { markSignUpConsents } from './mark-sign-up-consents';
import '../common/auth-forms.css';

interface SignUpValues {
  firstName: string;
  lastName: string;
  email: string;
  country: string;
  mobile: string;
  password: string;
  passwordConfirmation: string;
  adult: boolean;
  terms: boolean;
}

const ROUTE = 'POST /api/v1/auth';

/** The body's contact fields: a verified destination (with its proof) or what was typed. */
function contactFields(
  v: SignUpValues,
  verified: VerifiedDestination | null,
  mobile: ReturnType<typeof phonePayload>,
): Partial<SignUpBody> {
  const proof = verified?.verificationToken ? { verification_token: verified.verificationToken } : {};
  if (verified?.target.channel === 'email') return { ...proof, ...mobile };
  if (verified)
    return {
      ...proof,
      mobile: verified.target.mobile,
      ...(verified.target.country_code ? { country_code: verified.target.country_code } : {}),
    };
  return mobile;
}

/** A refusal of the code itself (wrong, replaced, too many tries) or no answer: the person stays on the code. */
function staysOnCode(error: unknown): boolean {
  const status = httpStatusOf(error);
  if (status === undefined || status === 429) return true;
  const text = serverErrorMessage(error);
  return KNOWN_OTP_ERRORS.some((k) => k.text === text);
}

/** The code already sent to `email` can still be entered (sending the form again then sends no second one). */
function codeStillGood(step: CodeEntryStep | null, email: string, now = Date.now()): boolean {
  return step?.target.channel === 'email' && step.target.email === email && now < step.expiresAt;
}

/**
 * /auth/sign-up: a new patient account. The account is made only with a proof of what it records: a
 * one-time code sent to the e-mail and entered here (what was typed stays), or a destination the log-in
 * page's code already proved. Signs in on success and moves on like a log-in.
 */
export function SignUpPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const user = useHavenStore((s) => s.auth.user);
  const goAfterLogin = useAfterLogin();
  const navigate = useRouterNavigate();
  const countries = useCountryCodes();
  const reader = usePhoneReader();
  // A destination a one-time code just proved (log-in without an account): no second code.
  const [verified, setVerified] = useState<VerifiedDestination | null>(() => readVerifiedDestination());
  // The code sent to the e-mail, and whether the person is entering it (back on the form, it is kept:
  // sending the form again for the same e-mail returns to it, no second message).
  const [codeStep, setCodeStep] = useState<CodeEntryStep | null>(null);
  const [enteringCode, setEnteringCode] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    setFocus,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<SignUpValues>({
    shouldFocusError: false,
    defaultValues: {
      firstName: '',
      lastName: '',
      email: verified?.target.channel === 'email' ? verified.target.email : '',
      country: DEFAULT_PHONE_COUNTRY,
      mobile: '',
      password: '',
      passwordConfirmation: '',
      adult: false,
      terms: false,
    },
  });
  const submit = useApiSubmit<SignUpValues>({
    setError,
    action: 'create your account',
    fields: {
      ...NAME_API_FIELDS,
      email: { name: 'email', label: 'E-mail' },
      mobile: { name: 'mobile', label: 'Mobile number' },
      password: { name: 'password', label: 'Password' },
      password_confirmation: { name: 'passwordConfirmation', label: 'Confirm password' },
    },
  });

  useEffect(() => {
    if (user) goAfterLogin(user);
  }, [user, goAfterLogin]);

  const create = async (v: SignUpValues, code?: string): Promise<LoginOutcome> => {
    const outcome = await signUpAndLogin(
      {
        email: v.email,
        password: v.password,
        password_confirmation: v.passwordConfirmation,
        first_name: normaliseName(v.firstName),
        last_name: normaliseName(v.lastName),
        ...contactFields(v, verified, phonePayload(reader, countries, v.mobile, v.country)),
        ...(code ? { code } : {}),
      },
      { navigate },
    );
    if (outcome.ok) {
      saveVerifiedDestination(null);
      toast.success(`Welcome to Haven, ${outcome.user.first_name ?? normaliseName(v.firstName)}. Your account is ready.`);
      // The other address typed (not the one the code proved) joins once its own code comes back.
      if (outcome.codeSent) toast.info(outcome.codeSent);
      await markSignUpConsents();
    }
    return outcome;
  };

  const onSubmit = async (v: SignUpValues) => {
    submit.clear();
    if (verified?.verificationToken) {
      // The log-in page's code proved it already: no second code.
      const outcome = await create(v);
      if (outcome.ok) return;
      if (outcome.reason === 'auth') submit.fail(outcome.cause);
      else submit.showError(outcome.error);
      return;
    }
    const target: OtpTarget = { channel: 'email', email: v.email.trim() };
    if (codeStillGood(codeStep, target.email)) {
      setEnteringCode(true);
      return;
    }
    try {
      const { sentAt, expiresAt } = await requestOtp(target);
      setCodeStep({ target, label: target.email, resendAt: sentAt + RESEND_COOLDOWN_S * 1000, expiresAt });
      setEnteringCode(true);
    } catch (error) {
      submit.fail(error);
    }
  };

  const checkCode = async (code: string): Promise<CodeCheck> => {
    if (codeStep && Date.now() > codeStep.expiresAt) return { text: OTP_EXPIRED_MESSAGE };
    const outcome = await create(getValues(), code);
    if (outcome.ok) return null;
    if (outcome.reason !== 'auth') return { text: outcome.error };
    if (staysOnCode(outcome.cause)) return { error: outcome.cause };
    // A refusal of what the form holds (a taken e-mail, a field the api did not accept): back to it.
    setEnteringCode(false);
    submit.fail(outcome.cause);
    return null;
  };

  const logIn = new URLSearchParams(params);
  const logInLink = `/auth/log-in/${logIn.toString() ? `?${logIn.toString()}` : ''}`;
  const wait = submit.waitSeconds;
  const verifiedEmail = verified?.target.channel === 'email';
  return (
    <PageFrame title="Create your account" app="mfe-auth" pathname={pathname}>
      <div className="hv-auth">
        {verified ? (
          <p className="hv-auth__lead" role="status">
            {verified.label} is verified. Create your account to continue; no second code needed.
          </p>
        ) : null}
        {codeStep && enteringCode ? (
          <section className="hv-auth__card" aria-label="Verify your e-mail">
            <p className="hv-auth__lead">Enter the code we sent to {codeStep.label} to create your account.</p>
            <CodeEntry
              step={codeStep}
              onStepChange={setCodeStep}
              onChangeTarget={() => {
                setEnteringCode(false);
                setTimeout(() => setFocus('email'));
              }}
              check={checkCode}
              submitLabel="Verify and create account"
              action="create your account"
              formLabel="Verify your e-mail"
            />
          </section>
        ) : null}
        {/* Kept mounted under the code step: nothing typed is lost on the way back. */}
        <section className="hv-auth__card" aria-label="Sign up" hidden={codeStep !== null && enteringCode}>
          <form className="hv-auth__form" noValidate onSubmit={handleSubmit(onSubmit, submit.focusInvalid)} aria-label="Sign up">
            <NameFields register={register} setValue={setValue} errors={errors} route={ROUTE} />
            <EmailField
              register={register}
              errors={errors}
              route={ROUTE}
              label="E-mail"
              readOnly={verifiedEmail}
              hint={verifiedEmail ? 'Verified with a one-time code' : undefined}
            />
            {verified && !verifiedEmail ? (
              <div className="hv-auth__verified">
                <p className="hv-auth__verified-label">Mobile number</p>
                <p>
                  {verified.label} <span className="hv-auth__badge">Verified</span>
                </p>
                <Button
                  variant="ghost"
                  onClick={() => {
                    saveVerifiedDestination(null);
                    setVerified(null);
                  }}
                >
                  Use a different number
                </Button>
              </div>
            ) : (
              <MobileNumberField control={control} mobileName="mobile" countryName="country" hint="Optional" optional />
            )}
            <NewPasswordFields register={register} getValues={getValues} errors={errors} label="Password" />
            <div>
              <label className="hv-auth__check">
                <input
                  type="checkbox"
                  aria-invalid={!!errors.adult}
                  aria-describedby="hv-sign-up-adult-error"
                  {...register('adult', { required: 'You need to be 18 or older to sign up' })}
                />
                <span>I am 18 years old or older</span>
              </label>
              <p id="hv-sign-up-adult-error" className="hv-auth__field-error" aria-live="polite">
                {errors.adult?.message}
              </p>
            </div>
            <div>
              <div className="hv-auth__check">
                <input
                  id="hv-sign-up-terms"
                  type="checkbox"
                  aria-invalid={!!errors.terms}
                  aria-describedby="hv-sign-up-terms-error"
                  {...register('terms', { required: 'Please accept the terms and the privacy policy' })}
                />
                <label htmlFor="hv-sign-up-terms">
                  I accept the{' '}
                  <a href={TERMS_URL} target="_blank" rel="noopener noreferrer">
                    terms of use
                  </a>{' '}
                  and the{' '}
                  <a href={PRIVACY_URL} target="_blank" rel="noopener noreferrer">
                    privacy policy
                  </a>
                </label>
              </div>
              <p id="hv-sign-up-terms-error" className="hv-auth__field-error" aria-live="polite">
                {errors.terms?.message}
              </p>
            </div>
            <Button type="submit" block disabled={isSubmitting || wait > 0} aria-busy={isSubmitting}>
              {isSubmitting
                ? verified?.verificationToken
                  ? 'Creating your account…'
                  : 'Sending the code…'
                : wait > 0
                  ? `Create account (wait ${wait}s)`
                  : 'Create account'}
            </Button>
            <FormMessage message={submit.message} />
          </form>
        </section>
        <p>
          Already have an account? <Link to={logInLink}>Log in</Link>
        </p>
      </div>
    </PageFrame>
  );
}
