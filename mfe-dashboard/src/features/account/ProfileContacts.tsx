// Emergency contact, and for a profile under 18 a parent contact: the name rule and the phone and e-mail rules (product rules, Validation)
// phone rule in the browser, checked again by the api, each with a note on when it is used.
import { useEffect, useState } from 'react';
import { Button, isValidName, normaliseName, reportError, sanitizeName, useApiRead } from '@haven/shared';
import { MobileNumberField, phoneTarget, useCountryCodes, usePhoneReader } from '@haven/shared/contact-fields';
import { FormMessage, TextField, useApiSubmit, type CountryCode, type KnownApiError } from '@haven/shared/form-kit';
import { LoadState } from '@haven/shared/design';
import { useForm } from '@haven/shared/forms';
import {
  deleteProfileContact,
  listProfileContacts,
  saveProfileContact,
  type ProfileContact,
  type ProfileContactKind,
  type ProfileContacts as Contacts,
} from './api/account-calls';

interface Values {
  name: string;
  relation: string;
  country: string;
  mobile: string;
}

const COPY: Record<ProfileContactKind, { title: string; note: string }> = {
  emergency: {
    title: 'Emergency contact',
    note: 'We call this person only if your therapist believes you are at serious risk and cannot reach you. They are never told why you see us.',
  },
  parent: {
    title: 'Parent or guardian contact',
    note: 'This profile is under 18: we contact this parent or guardian for consent to care, and in an emergency.',
  },
};
const KNOWN: KnownApiError[] = [{ text: /is not a phone number$/, field: 'mobile', message: 'Enter a valid mobile number.' }];
const NAME_MESSAGE = 'Enter a name with letters (spaces, dots, apostrophes and hyphens are fine)';

/** The select's country for a saved dial code (the first country using it). */
const countryOf = (countries: CountryCode[] | null, dial: string) => countries?.find((c) => c.dialCode === `+${dial}`)?.value ?? 'IN';

function ContactForm({
  kind,
  saved,
  countries,
  onChanged,
}: {
  kind: ProfileContactKind;
  saved: ProfileContact | undefined;
  countries: CountryCode[] | null;
  onChanged: () => void;
}) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: { name: '', relation: '', country: 'IN', mobile: '' },
    shouldFocusError: false,
  });
  useEffect(() => {
    if (saved)
      reset({ name: saved.name, relation: saved.relation, country: countryOf(countries, saved.country_code), mobile: saved.mobile });
  }, [saved, countries, reset]);
  const submit = useApiSubmit<Values>({
    setError,
    action: `save the ${COPY[kind].title.toLowerCase()}`,
    known: KNOWN,
    fields: {
      name: { name: 'name', label: 'Name' },
      relation: { name: 'relation', label: 'Relation' },
      mobile: { name: 'mobile', label: 'Mobile number' },
    },
  });
  const reader = usePhoneReader();
  const onSubmit = handleSubmit(async (v) => {
    submit.clear();
    try {
      await saveProfileContact(kind, {
        name: normaliseName(v.name),
        relation: normaliseName(v.relation),
        ...(({ mobile, country_code }) => ({ mobile, country_code }))(phoneTarget(reader, countries, v.mobile, v.country)),
      });
      submit.succeed(`${COPY[kind].title} saved.`);
      onChanged();
    } catch (e) {
      submit.fail(e);
    }
  }, submit.focusInvalid);
  const remove = async () => {
    if (!saved) return;
    submit.clear();
    try {
      await deleteProfileContact(saved.uuid);
      reset({ name: '', relation: '', country: 'IN', mobile: '' });
      submit.succeed(`${COPY[kind].title} removed.`);
      onChanged();
    } catch (e) {
      submit.fail(e);
    }
  };
  const id = `contact-${kind}`;
  return (
    <form className="hv-account__card" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{COPY[kind].title}</h2>
      <p className="hv-account__meta">{COPY[kind].note}</p>
      <TextField
        label="Name"
        autoComplete="off"
        maxLength={100}
        oneMessage
        error={errors.name?.message}
        {...register('name', {
          setValueAs: (value: string) => sanitizeName(value),
          validate: (value) => isValidName(value) || NAME_MESSAGE,
        })}
      />
      <TextField
        label="Relation"
        hint="For example: mother, partner, friend"
        maxLength={50}
        oneMessage
        error={errors.relation?.message}
        {...register('relation', {
          setValueAs: (value: string) => sanitizeName(value),
          validate: (value) => isValidName(value) || 'Say how this person is related to you',
        })}
      />
      <MobileNumberField control={control} mobileName="mobile" countryName="country" explainRule />
      <div className="hv-account__actions">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : `Save ${kind === 'parent' ? 'parent contact' : 'emergency contact'}`}
        </Button>
        {saved ? (
          <Button type="button" variant="ghost" onClick={() => void remove()}>
            Remove
          </Button>
        ) : null}
      </div>
      <FormMessage message={submit.message} />
    </form>
  );
}

/** Both contacts of the acting profile; the parent one only when the api says the profile is a minor. */
export function ProfileContacts({ profileKey }: { profileKey: string }) {
  const countries = useCountryCodes();
  // Read again for another profile (profileKey).
  const read = useApiRead(() => listProfileContacts(), [profileKey], 'account contacts');
  // After a save or a removal the list is read again quietly: the forms stay, with their message.
  const [fresh, setFresh] = useState<{ of: Contacts; was: Contacts } | null>(null);
  const refresh = () => {
    const was = read.data;
    if (!was) return;
    listProfileContacts().then(
      (of) => setFresh({ of, was }),
      (error: unknown) => reportError(error, { where: 'account contacts: after a change' }),
    );
  };
  return (
    <LoadState read={read} what="Your contacts">
      {(loaded: Contacts) => {
        const state = fresh?.was === loaded ? fresh.of : loaded;
        const of = (kind: ProfileContactKind) => state.contacts.find((c) => c.kind === kind);
        return (
          <>
            <ContactForm kind="emergency" saved={of('emergency')} countries={countries} onChanged={refresh} />
            {state.parentContactApplies ? (
              <ContactForm kind="parent" saved={of('parent')} countries={countries} onChanged={refresh} />
            ) : null}
          </>
        );
      }}
    </LoadState>
  );
}
