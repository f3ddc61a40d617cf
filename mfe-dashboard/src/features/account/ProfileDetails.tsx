// Name, date of birth and gender of the acting profile (product rules, Validation: name and adult rules; the adult rule
// applies to the account holder, not to a child's profile). A secondary profile also says who it is to the account
// holder, under the same rule as a new profile: made under 18, it is the holder's child or ward.
import { useEffect } from 'react';
import { APP_OWNED_FIELD_NOTE, Button, isEditDisabled, isValidName, normaliseName, sanitizeName } from '@haven/shared';
import { saveProfile } from '@haven/shared/auth-flows';
import { dateOfBirthProblem, DATE_OF_BIRTH_MESSAGES, FormMessage, TextField, useApiSubmit } from '@haven/shared/form-kit';
import { useForm } from '@haven/shared/forms';
import { zoneName, zonePlace } from '@haven/shared/session-times';
import { PROFILE_REFUSALS, RELATIONSHIP_OPTIONS, relationshipRuleOn } from '../profiles/relationship-rule';
import type { ApiUser } from './api/account-calls';

interface Values {
  first_name: string;
  last_name: string;
  date_of_birth: string;
  gender: string;
  timezone: string;
  relationship: NonNullable<ApiUser['relationship']> | '';
}
/** Every IANA zone the browser knows (the api checks the name again). */
const ZONES: readonly string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
const GENDERS = [
  ['', 'Not given'],
  ['female', 'Female'],
  ['male', 'Male'],
  ['non_binary', 'Non-binary'],
  ['prefer_not_to_say', 'Prefer not to say'],
] as const;

export function ProfileDetails({ user, onSaved }: { user: ApiUser; onSaved: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ shouldFocusError: false });
  const chosenZone = watch('timezone');
  const chosenZoneName = chosenZone ? zoneName(chosenZone) : null;
  useEffect(() => {
    reset({
      first_name: user.first_name,
      last_name: user.last_name,
      date_of_birth: user.date_of_birth ?? '',
      gender: user.gender ?? '',
      timezone: user.timezone ?? '',
      relationship: user.relationship ?? '',
    });
  }, [user, reset]);
  const submit = useApiSubmit<Values>({
    setError,
    action: 'save your details',
    fields: {
      first_name: { name: 'first_name', label: 'First name' },
      last_name: { name: 'last_name', label: 'Last name' },
      date_of_birth: { name: 'date_of_birth', label: 'Date of birth' },
      relationship: { name: 'relationship', label: 'Who is this profile for?' },
    },
    known: PROFILE_REFUSALS,
  });
  const adultRule = !user.is_secondary_profile;
  // isDisableEdit (product rules, Entry parameters): the app owns name and date of birth in this browser session; they are shown, not sent.
  const locked = isEditDisabled();
  const lockedProps = locked ? { readOnly: true, 'aria-describedby': 'details-app-owned' } : {};
  const onSubmit = handleSubmit(async (v) => {
    submit.clear();
    const owned = locked
      ? {}
      : {
          first_name: normaliseName(v.first_name),
          last_name: normaliseName(v.last_name),
          ...(v.date_of_birth ? { date_of_birth: v.date_of_birth } : {}),
        };
    const result = await saveProfile({
      ...owned,
      ...(v.gender ? { gender: v.gender } : {}),
      ...(v.timezone ? { timezone: v.timezone } : {}),
      ...(!adultRule && v.relationship && v.relationship !== user.relationship ? { relationship: v.relationship } : {}),
    });
    if (result.ok) {
      submit.succeed('Your details are saved.');
      onSaved();
    } else {
      submit.fail(result.cause);
    }
  }, submit.focusInvalid);
  const nameField = (name: 'first_name' | 'last_name', required: boolean) =>
    register(name, {
      setValueAs: (value: string) => sanitizeName(value),
      validate: (value) =>
        (!required && !value.trim()) || isValidName(value) || 'Enter a name with letters (spaces, dots, apostrophes and hyphens are fine)',
    });
  return (
    // The account frame's h1 already says "Your details": the form is named, not headed a second time.
    <form className="hv-account__card" onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Your details">
      {locked ? (
        <p id="details-app-owned" className="hv-account__note">
          {APP_OWNED_FIELD_NOTE}
        </p>
      ) : null}
      <TextField
        label="First name"
        autoComplete="given-name"
        maxLength={100}
        oneMessage
        error={errors.first_name?.message}
        {...nameField('first_name', true)}
        {...lockedProps}
      />
      <TextField
        label="Last name"
        autoComplete="family-name"
        maxLength={100}
        oneMessage
        error={errors.last_name?.message}
        {...nameField('last_name', false)}
        {...lockedProps}
      />
      <TextField
        label="Date of birth"
        type="date"
        autoComplete="bday"
        oneMessage
        error={errors.date_of_birth?.message}
        hint={adultRule ? 'You need to be 18 or older to hold the account.' : undefined}
        {...register('date_of_birth', {
          validate: (value) => {
            if (!value) return true;
            const problem = dateOfBirthProblem(value, new Date());
            if (problem === 'under-18' && !adultRule) return true;
            return problem ? DATE_OF_BIRTH_MESSAGES[problem] : true;
          },
          deps: adultRule ? [] : ['relationship'],
        })}
        {...lockedProps}
      />
      {adultRule ? null : (
        <div className="hv-account__select-field">
          <label htmlFor="account-relationship">Who is this profile for?</label>
          <select
            id="account-relationship"
            className="hv-input"
            aria-invalid={errors.relationship ? true : undefined}
            aria-describedby={errors.relationship ? 'account-relationship-error' : undefined}
            {...register('relationship', {
              validate: (_value, all) => relationshipRuleOn(all, 'relationship', false),
              deps: ['date_of_birth'],
            })}
          >
            {user.relationship ? null : <option value="">Not given</option>}
            {RELATIONSHIP_OPTIONS.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          {errors.relationship?.message ? (
            <p id="account-relationship-error" className="hv-text-field__error" role="alert">
              {errors.relationship.message}
            </p>
          ) : null}
        </div>
      )}
      <div className="hv-account__select-field">
        <label htmlFor="account-gender">Gender</label>
        <select id="account-gender" className="hv-input" {...register('gender')}>
          {GENDERS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="hv-account__select-field">
        <label htmlFor="account-timezone">Time zone</label>
        <select
          id="account-timezone"
          className="hv-input"
          aria-describedby={chosenZoneName ? 'account-timezone-name' : undefined}
          {...register('timezone')}
        >
          <option value="">This device's time zone</option>
          {ZONES.map((zone) => (
            <option key={zone} value={zone}>
              {zonePlace(zone)}
            </option>
          ))}
        </select>
        {chosenZoneName ? (
          <p id="account-timezone-name" className="hv-text-field__hint">
            {chosenZoneName}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Save details'}
      </Button>
      <FormMessage message={submit.message} />
    </form>
  );
}
