import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, normaliseName, PageFrame, safeRedirectPath, toast, useHavenStore, type AuthUser } from '@haven/shared';
import { saveProfile } from '@haven/shared/auth-flows';
import {
  DATE_OF_BIRTH_MESSAGES,
  dateOfBirthProblem,
  DEFAULT_PHONE_COUNTRY,
  FormMessage,
  TextField,
  useApiSubmit,
} from '@haven/shared/form-kit';
import { useForm } from '@haven/shared/forms';
import { MobileNumberField, phonePayload, useCountryCodes, usePhoneReader } from '@haven/shared/contact-fields';
import { NAME_API_FIELDS, NameFields } from '../common/NameFields';
import { RequireLogin } from '../common/RequireLogin';
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

type UserWithProfile = AuthUser & {
  first_name?: string;
  last_name?: string;
  date_of_birth?: string | null;
  gender?: string | null;
  country_code?: string;
};

const ROUTE = 'PUT /api/v1/customers/profile_info';

function RegistrationForm({ user }: { user: UserWithProfile }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const countries = useCountryCodes();
  const reader = usePhoneReader();
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    shouldFocusError: false,
    defaultValues: {
      firstName: user.first_name ?? '',
      lastName: user.last_name ?? '',
      dateOfBirth: user.date_of_birth ?? '',
      gender: user.gender ?? '',
      country: DEFAULT_PHONE_COUNTRY,
      mobile: user.mobile ?? '',
    },
  });
  const submit = useApiSubmit<Values>({
    setError,
    action: 'save your details',
    fields: {
      ...NAME_API_FIELDS,
      date_of_birth: { name: 'dateOfBirth', label: 'Date of birth' },
      mobile: { name: 'mobile', label: 'Mobile number' },
    },
  });

  const onSubmit = async (v: Values) => {
    submit.clear();
    const result = await saveProfile({
      first_name: normaliseName(v.firstName),
      last_name: normaliseName(v.lastName),
      date_of_birth: v.dateOfBirth,
      ...(v.gender ? { gender: v.gender } : {}),
      ...phonePayload(reader, countries, v.mobile, v.country),
    });
    if (!result.ok) {
      submit.fail(result.cause);
      return;
    }
    toast.success('Your details are saved.');
    // A new number waits for the code sent to it (entered under Account); the rest is saved.
    if (result.codeSent) toast.info(result.codeSent);
    navigate(safeRedirectPath(params.get('redirectPath'), '/'), { replace: true });
  };

  const wait = submit.waitSeconds;
  return (
    <form className="hv-auth__form" noValidate onSubmit={handleSubmit(onSubmit, submit.focusInvalid)} aria-label="Registration form">
      <NameFields register={register} setValue={setValue} errors={errors} route={ROUTE} />
      <TextField
        label="Date of birth"
        type="date"
        autoComplete="bday"
        oneMessage
        error={errors.dateOfBirth?.message}
        {...register('dateOfBirth', {
          validate: (value) => {
            const problem = dateOfBirthProblem(value, new Date());
            return problem ? DATE_OF_BIRTH_MESSAGES[problem] : true;
          },
        })}
      />
      <div className="hv-text-field">
        <label className="hv-text-field__label" htmlFor="hv-registration-gender">
          Gender (optional)
        </label>
        <select id="hv-registration-gender" className="hv-text-field__input hv-auth__select" {...register('gender')}>
          <option value="">Choose…</option>
          {GENDERS.map((g) => (
            <option key={g.value} value={g.value}>
              {g.label}
            </option>
          ))}
        </select>
      </div>
      <MobileNumberField control={control} mobileName="mobile" countryName="country" hint="Optional" optional />
      <Button type="submit" block disabled={isSubmitting || wait > 0} aria-busy={isSubmitting}>
        {isSubmitting ? 'Saving…' : wait > 0 ? `Save and continue (wait ${wait}s)` : 'Save and continue'}
      </Button>
      <FormMessage message={submit.message} />
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
