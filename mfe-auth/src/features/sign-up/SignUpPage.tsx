import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Button, normaliseName, PageFrame, toast, useHavenStore } from '@haven/shared';
import { signUpAndLogin, type SignUpBody } from '@haven/shared/auth-flows';
import { FormMessage, useApiSubmit } from '@haven/shared/form-kit';
import { useForm } from '@haven/shared/forms';
import { PRIVACY_URL, TERMS_URL } from '../common/consent-links';
import { DEFAULT_COUNTRY } from '../common/PhoneField';
import { MobileNumberField } from '../common/MobileNumberField';
import { NAME_API_FIELDS, NameFields } from '../common/NameFields';
import { EmailField } from '../common/EmailField';
import { NewPasswordFields } from '../common/NewPasswordFields';
import { phonePayload } from '../common/phone-payload';
import { readVerifiedDestination, saveVerifiedDestination, type VerifiedDestination } from '../common/session-steps';
import { useAfterLogin, useRouterNavigate } from '../common/useAfterLogin';
import { useCountryCodes } from '../common/useCountryCodes';
import { usePhoneReader } from '../common/usePhoneReader';
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

/** /auth/sign-up: a new patient account; signs in on success and moves on like a log-in. */
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
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<SignUpValues>({
    shouldFocusError: false,
    defaultValues: {
      firstName: '',
      lastName: '',
      email: verified?.target.channel === 'email' ? verified.target.email : '',
      country: DEFAULT_COUNTRY,
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

  const onSubmit = async (v: SignUpValues) => {
    submit.clear();
    const outcome = await signUpAndLogin(
      {
        email: v.email,
        password: v.password,
        password_confirmation: v.passwordConfirmation,
        first_name: normaliseName(v.firstName),
        last_name: normaliseName(v.lastName),
        ...contactFields(v, verified, phonePayload(reader, countries, v.mobile, v.country)),
      },
      { navigate },
    );
    if (!outcome.ok) {
      if (outcome.reason === 'auth') submit.fail(outcome.cause);
      else submit.showError(outcome.error);
      return;
    }
    saveVerifiedDestination(null);
    toast.success(`Welcome to Haven, ${outcome.user.first_name ?? normaliseName(v.firstName)}. Your account is ready.`);
    await markSignUpConsents();
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
        <section className="hv-auth__card" aria-label="Sign up">
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
              {isSubmitting ? 'Creating your account…' : wait > 0 ? `Create account (wait ${wait}s)` : 'Create account'}
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
