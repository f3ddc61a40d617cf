// Changing the e-mail or mobile number: the new one is checked here with the rules,
// a code goes to it, and only the code coming back makes the change. What was typed stays in the
// fields whatever goes wrong.
import { useEffect, useState } from 'react';
import {
  APP_OWNED_FIELD_NOTE,
  Button,
  emailProblem,
  isEditDisabled,
  EMAIL_MESSAGES,
  eventBus,
  havenStore,
  reportError,
} from '@haven/shared';
import { FormMessage, TextField, useApiSubmit, type KnownApiError } from '@haven/shared/form-kit';
import { CodeField, codeProblem, MobileNumberField, phoneTarget, useCountryCodes, usePhoneReader } from '@haven/shared/contact-fields';
import { useForm } from '@haven/shared/forms';
import { confirmContactCode, fetchPendingContactChanges, sendContactCode, type ApiUser, type ContactKind } from './api/account-calls';

interface Values {
  email: string;
  country: string;
  mobile: string;
}
interface CodeValues {
  code: string;
}

const KNOWN: KnownApiError[] = [
  { text: 'Mobile has already been taken', field: 'mobile', message: 'Another account already uses this mobile number.' },
  {
    text: 'This e-mail is already in use on another account.',
    field: 'email',
    message: 'Another account already uses this e-mail address.',
  },
  { text: 'Invalid verification code', field: 'code', message: 'Invalid verification code' },
  {
    text: 'There is no change waiting for a code. Please start again.',
    field: '',
    message: 'The code has expired. Please send a new one.',
  },
  {
    text: /^Switch back to your own profile/,
    field: '',
    message: 'Switch back to your own profile to change the e-mail or mobile number.',
  },
  { text: /is not a phone number$/, field: 'mobile', message: 'Enter a valid mobile number.' },
];

export function ContactChange({ kind, user, onChanged }: { kind: ContactKind; user: ApiUser; onChanged: (user: ApiUser) => void }) {
  const countries = useCountryCodes();
  const reader = usePhoneReader();
  const [sentTo, setSentTo] = useState<string | null>(null);
  // A code sent before this page (at sign-up, or from the profile) can still be entered here.
  useEffect(() => {
    let live = true;
    fetchPendingContactChanges()
      .then((pending) => {
        const waiting = pending.find((change) => change.kind === kind);
        if (live && waiting) setSentTo((shown) => shown ?? waiting.destination);
      })
      .catch((error: unknown) => reportError(error, { where: 'account: pending contact change' }));
    return () => {
      live = false;
    };
  }, [kind]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: { email: '', country: 'IN', mobile: '' },
    shouldFocusError: false,
  });
  const codeForm = useForm<CodeValues>({ defaultValues: { code: '' }, shouldFocusError: false });
  const send = useApiSubmit<Values>({
    setError,
    action: 'send the code',
    fields: { email: { name: 'email', label: 'New e-mail' }, mobile: { name: 'mobile', label: 'New mobile number' } },
    known: KNOWN,
  });
  const confirm = useApiSubmit<CodeValues>({
    setError: codeForm.setError,
    action: 'confirm the code',
    fields: { code: { name: 'code', label: 'Code' } },
    known: KNOWN,
  });
  const what = kind === 'email' ? 'e-mail address' : 'mobile number';

  const onSend = handleSubmit(async (v) => {
    send.clear();
    try {
      const phone = phoneTarget(reader, countries, v.mobile, v.country);
      await sendContactCode(
        kind === 'email' ? { kind, email: v.email.trim() } : { kind, mobile: phone.mobile, country_code: phone.country_code },
      );
      setSentTo(kind === 'email' ? v.email.trim().toLowerCase() : phone.label);
    } catch (e) {
      send.fail(e);
    }
  }, send.focusInvalid);

  const onConfirm = codeForm.handleSubmit(async (v) => {
    confirm.clear();
    try {
      const updated = await confirmContactCode(kind, v.code);
      // The signed-in user is the person's own contact from now on (the anomaly check compares answers with it).
      havenStore.getState().auth.updateProfile(kind === 'email' ? { email: updated.email ?? null } : { mobile: updated.mobile ?? null });
      eventBus.emit('profile:event', { name: kind === 'email' ? 'email_update' : 'phone_update', profileId: updated.uuid });
      setSentTo(null);
      codeForm.reset();
      onChanged(updated);
      confirm.succeed(`Your ${what} is now ${kind === 'email' ? String(updated.email) : String(updated.mobile)}.`);
    } catch (e) {
      confirm.fail(e);
    }
  }, confirm.focusInvalid);

  const current = kind === 'email' ? user.email : user.mobile ? `+${user.country_code} ${user.mobile}` : null;
  // The card's heading and what the account holds now, with or without the forms to change it.
  const header = (
    <>
      <h2 id={`${kind}-heading`}>{kind === 'email' ? 'E-mail' : 'Mobile number'}</h2>
      <p>
        {current ? (
          <>
            Current: <strong>{current}</strong>
          </>
        ) : (
          `No ${what} yet.`
        )}
      </p>
    </>
  );
  if (isEditDisabled()) {
    // isDisableEdit (product rules, Entry parameters): the app owns the e-mail and mobile number in this browser session.
    return (
      <section className="hv-account__card" aria-labelledby={`${kind}-heading`}>
        {header}
        <p className="hv-account__note">{APP_OWNED_FIELD_NOTE}</p>
      </section>
    );
  }
  return (
    <section className="hv-account__card" aria-labelledby={`${kind}-heading`}>
      {header}
      <form onSubmit={(e) => void onSend(e)} noValidate aria-label={`Change ${what}`}>
        {kind === 'email' ? (
          <TextField
            label="New e-mail"
            type="email"
            autoComplete="email"
            oneMessage
            error={errors.email?.message}
            {...register('email', {
              validate: (value) => {
                const p = emailProblem(value);
                return p ? EMAIL_MESSAGES[p] : true;
              },
            })}
          />
        ) : (
          <MobileNumberField control={control} mobileName="mobile" countryName="country" explainRule label="New mobile number" />
        )}
        <Button type="submit" variant="secondary" disabled={isSubmitting || send.waitSeconds > 0}>
          {send.waitSeconds > 0 ? `Send again in ${send.waitSeconds} s` : sentTo ? 'Send a new code' : 'Send code'}
        </Button>
        <FormMessage message={send.message} />
      </form>
      {sentTo ? (
        <form onSubmit={(e) => void onConfirm(e)} noValidate aria-label={`Confirm new ${what}`}>
          <p role="status">
            We sent a code to {sentTo}. Your {what} changes when you enter it.
          </p>
          <CodeField error={codeForm.formState.errors.code?.message} {...codeForm.register('code', { validate: codeProblem })} />
          <Button type="submit" disabled={codeForm.formState.isSubmitting}>
            Confirm
          </Button>
        </form>
      ) : null}
      <FormMessage message={confirm.message} />
    </section>
  );
}
