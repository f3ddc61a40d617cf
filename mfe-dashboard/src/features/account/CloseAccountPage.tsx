// /account/close: closing the account for good, on purpose: type the word, get a code, enter it. Then
// every device is signed out (the api revokes every session and realtime token) and this tab logs out,
// which tells the other tabs (loginstatus).
import { useState } from 'react';
import { Button, logout } from '@haven/shared';
import { FormMessage, TextField, useApiSubmit, type KnownApiError } from '@haven/shared/form-kit';
import { CodeField, codeProblem } from '@haven/shared/contact-fields';
import { useForm } from '@haven/shared/forms';
import { closeAccount, sendCloseAccountCode } from './api/account-calls';

const WORD = 'CLOSE';
interface Values {
  confirm: string;
  code: string;
}
const KNOWN: KnownApiError[] = [
  { text: 'Invalid verification code', field: 'code', message: 'Invalid verification code' },
  { text: /^Switch back to your own profile/, field: '', message: 'Switch back to your own profile to close the account.' },
  { text: /has no e-mail or phone/, field: '', message: 'This account has no e-mail or phone to send a code to. Please contact support.' },
];

export function CloseAccountPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { confirm: '', code: '' }, shouldFocusError: false });
  const submit = useApiSubmit<Values>({
    setError,
    action: 'close your account',
    fields: { code: { name: 'code', label: 'Code' } },
    known: KNOWN,
  });

  const onSend = handleSubmit(async () => {
    submit.clear();
    try {
      setSentTo((await sendCloseAccountCode()).sent_to);
    } catch (e) {
      submit.fail(e);
    }
  }, submit.focusInvalid);
  const onClose = handleSubmit(async (v) => {
    submit.clear();
    try {
      await closeAccount(WORD, v.code);
    } catch (e) {
      submit.fail(e);
      return;
    }
    // The api already ended every session; no logout call is left to make.
    await logout({ reason: 'account-closed', skipServer: true, redirectTo: '/' });
  }, submit.focusInvalid);

  return (
    <section className="hv-account__card hv-account__danger" aria-labelledby="close-heading">
      <h2 id="close-heading">Close your account</h2>
      <p>
        Closing is permanent. Your profiles and added members, documents, identity files and journal are deleted, upcoming sessions are
        cancelled, and every device you are signed in on is signed out. Records the law asks us to keep (such as invoices) are kept without
        your name or contacts.
      </p>
      <form onSubmit={(e) => void (sentTo ? onClose(e) : onSend(e))} noValidate aria-label="Close your account">
        <TextField
          label={`Type ${WORD} to confirm`}
          autoComplete="off"
          oneMessage
          error={errors.confirm?.message}
          {...register('confirm', { validate: (value) => value.trim() === WORD || `Type ${WORD} in capital letters to confirm` })}
        />
        {sentTo ? (
          <>
            <p role="status">We sent a code to {sentTo}.</p>
            <CodeField error={errors.code?.message} {...register('code', { validate: codeProblem })} />
          </>
        ) : null}
        <Button type="submit" disabled={isSubmitting || submit.waitSeconds > 0}>
          {submit.waitSeconds > 0 ? `Try again in ${submit.waitSeconds} s` : sentTo ? 'Close my account for good' : 'Send me a code'}
        </Button>
        <FormMessage message={submit.message} />
      </form>
    </section>
  );
}
