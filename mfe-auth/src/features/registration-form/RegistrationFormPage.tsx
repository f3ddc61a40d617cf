import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  Button,
  findCountry,
  isAdult,
  PageFrame,
  safeRedirectPath,
  sanitizeName,
  saveProfile,
  TextField,
  useForm,
  useHavenStore,
  type AuthUser,
} from '@haven/shared';
import { FormAlert } from '../common/FormAlert';
import { DEFAULT_COUNTRY } from '../common/PhoneField';
import { MobileNumberField } from '../common/MobileNumberField';
import { RequireLogin } from '../common/RequireLogin';
import { useCountryCodes } from '../common/useCountryCodes';
import '../common/auth-forms.css';

export const GENDERS = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'non_binary', label: 'Non-binary' },
  { value: 'prefer_not_to_say', label: 'Prefer not to say' },
] as const;

interface Values {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender: string;
  country: string;
  mobile: string;
}

type UserWithProfile = AuthUser & { first_name?: string; last_name?: string; date_of_birth?: string | null; gender?: string | null; country_code?: string };

function RegistrationForm({ user }: { user: UserWithProfile }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const countries = useCountryCodes();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: {
      firstName: user.first_name ?? '',
      lastName: user.last_name ?? '',
      dateOfBirth: user.date_of_birth ?? '',
      gender: user.gender ?? '',
      country: DEFAULT_COUNTRY,
      mobile: user.mobile ?? '',
    },
  });

  const onSubmit = async (v: Values) => {
    setServerError(null);
    const selected = countries ? findCountry(countries, v.country) : undefined;
    const result = await saveProfile({
      first_name: v.firstName.trim(),
      last_name: v.lastName.trim(),
      date_of_birth: v.dateOfBirth,
      ...(v.gender ? { gender: v.gender } : {}),
      ...(v.mobile ? { mobile: v.mobile, country_code: (selected?.dialCode ?? '+91').replace('+', '') } : {}),
    });
    if (!result.ok) {
      setServerError(result.error);
      return;
    }
    navigate(safeRedirectPath(params.get('redirectPath'), '/'), { replace: true });
  };

  const nameField = (name: 'firstName' | 'lastName') =>
    register(name, {
      ...(name === 'firstName' ? { required: 'Enter your first name' } : {}),
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValue(name, sanitizeName(e.target.value)),
    });

  return (
    <form className="hv-auth__form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Registration form">
      <FormAlert message={serverError} />
      <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...nameField('firstName')} />
      <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...nameField('lastName')} />
      <TextField
        label="Date of birth"
        type="date"
        autoComplete="bday"
        error={errors.dateOfBirth?.message}
        {...register('dateOfBirth', {
          required: 'Enter your date of birth',
          validate: (value) => isAdult(value, new Date()) || 'You need to be 18 or older to use Haven',
        })}
      />
      <div className="hv-auth__select-field">
        <label htmlFor="hv-registration-gender">Gender (optional)</label>
        <select id="hv-registration-gender" className="hv-auth__select" {...register('gender')}>
          <option value="">Choose…</option>
          {GENDERS.map((g) => (
            <option key={g.value} value={g.value}>
              {g.label}
            </option>
          ))}
        </select>
      </div>
      <MobileNumberField control={control} mobileName="mobile" countryName="country" label="Mobile number (optional)" optional />
      <Button type="submit" block disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Save and continue'}
      </Button>
    </form>
  );
}

/** /registration-form: the after-login step that completes the profile; then on to redirectPath. */
export function RegistrationFormPage() {
  const { pathname } = useLocation();
  const user = useHavenStore((s) => s.auth.user) as UserWithProfile | null;
  return (
    <PageFrame title="Tell us about you" app="mfe-auth" pathname={pathname}>
      <div className="hv-auth">
        <section className="hv-auth__card" aria-label="Registration form">
          <RequireLogin>{user ? <RegistrationForm user={user} /> : null}</RequireLogin>
        </section>
      </div>
    </PageFrame>
  );
}
