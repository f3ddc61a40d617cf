import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import {
  Button,
  findCountry,
  isValidEmail,
  PageFrame,
  sanitizeName,
  signUpAndLogin,
  TextField,
  useForm,
  useHavenStore,
} from '@haven/shared';
import { FormAlert } from '../common/FormAlert';
import { DEFAULT_COUNTRY } from '../common/PhoneField';
import { MobileNumberField } from '../common/MobileNumberField';
import { NewPasswordFields } from '../common/NewPasswordFields';
import { useAfterLogin, useRouterNavigate } from '../common/useAfterLogin';
import { useCountryCodes } from '../common/useCountryCodes';
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

/** /auth/sign-up: a new patient account; signs in on success and moves on like a log-in. */
export function SignUpPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const user = useHavenStore((s) => s.auth.user);
  const goAfterLogin = useAfterLogin();
  const navigate = useRouterNavigate();
  const countries = useCountryCodes();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<SignUpValues>({
    defaultValues: { firstName: '', lastName: '', email: '', country: DEFAULT_COUNTRY, mobile: '', password: '', passwordConfirmation: '', adult: false, terms: false },
  });

  useEffect(() => {
    if (user) goAfterLogin(user);
  }, [user, goAfterLogin]);

  const onSubmit = async (v: SignUpValues) => {
    setServerError(null);
    const selected = countries ? findCountry(countries, v.country) : undefined;
    const outcome = await signUpAndLogin(
      {
        email: v.email,
        password: v.password,
        password_confirmation: v.passwordConfirmation,
        first_name: v.firstName.trim(),
        last_name: v.lastName.trim(),
        ...(v.mobile ? { mobile: v.mobile, country_code: (selected?.dialCode ?? '+91').replace('+', '') } : {}),
      },
      { navigate },
    );
    if (!outcome.ok) {
      setServerError(outcome.error);
      return;
    }
    await markSignUpConsents();
  };

  const nameField = (name: 'firstName' | 'lastName') =>
    register(name, {
      ...(name === 'firstName' ? { required: 'Enter your first name' } : {}),
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValue(name, sanitizeName(e.target.value)),
    });

  const logInLink = `/auth/log-in/${params.toString() ? `?${params.toString()}` : ''}`;
  return (
    <PageFrame title="Create your account" app="mfe-auth" pathname={pathname}>
      <div className="hv-auth">
        <section className="hv-auth__card" aria-label="Sign up">
          <form className="hv-auth__form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Sign up">
            <FormAlert message={serverError} />
            <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...nameField('firstName')} />
            <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...nameField('lastName')} />
            <TextField
              label="E-mail"
              type="email"
              autoComplete="email"
              inputMode="email"
              error={errors.email?.message}
              {...register('email', { required: 'Enter your e-mail address', validate: (value) => isValidEmail(value) || 'Enter a valid e-mail address' })}
            />
            <MobileNumberField control={control} mobileName="mobile" countryName="country" label="Mobile number (optional)" optional />
            <NewPasswordFields register={register} getValues={getValues} errors={errors} label="Password" />
            <div>
              <label className="hv-auth__check">
                <input
                  type="checkbox"
                  aria-invalid={!!errors.adult}
                  aria-describedby={errors.adult ? 'hv-sign-up-adult-error' : undefined}
                  {...register('adult', { required: 'You need to be 18 or older to sign up' })}
                />
                I am 18 years old or older
              </label>
              {errors.adult ? (
                <p id="hv-sign-up-adult-error" className="hv-auth__field-error">
                  {errors.adult.message}
                </p>
              ) : null}
            </div>
            <div>
              <label className="hv-auth__check">
                <input
                  type="checkbox"
                  aria-invalid={!!errors.terms}
                  aria-describedby={errors.terms ? 'hv-sign-up-terms-error' : undefined}
                  {...register('terms', { required: 'Please accept the terms and the privacy policy' })}
                />
                I accept the terms of use and the privacy policy
              </label>
              {errors.terms ? (
                <p id="hv-sign-up-terms-error" className="hv-auth__field-error">
                  {errors.terms.message}
                </p>
              ) : null}
            </div>
            <Button type="submit" block disabled={isSubmitting} aria-busy={isSubmitting}>
              {isSubmitting ? 'Creating your account…' : 'Create account'}
            </Button>
          </form>
        </section>
        <p>
          Already have an account? <Link to={logInLink}>Log in</Link>
        </p>
      </div>
    </PageFrame>
  );
}
