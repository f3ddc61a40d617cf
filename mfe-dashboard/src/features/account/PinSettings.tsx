// The account PIN (the product names pin set, reset and reset by one-time code): set one, change it
// with the current one, or, forgotten, reset it with a code sent to the account's e-mail (else phone).
// The shared PIN rule is checked here before sending and again by the api; what was typed stays.
import { useCallback, useEffect, useState } from 'react';
import { Button, reportError, Spinner } from '@haven/shared';
import { LoadFailed } from '@haven/shared/design';
import { FormMessage, TextField, useApiSubmit, type KnownApiError } from '@haven/shared/form-kit';
import { pinProblem, PIN_LENGTH, PIN_MESSAGES } from '@haven/shared/dashboard-rules';
import { CodeField, codeProblem } from '@haven/shared/contact-fields';
import { useForm } from '@haven/shared/forms';
import { changePin, fetchPinState, resetPinWithCode, sendPinResetCode, setPin, type PinState } from './api/account-calls';

interface Values {
  current_pin: string;
  code: string;
  pin: string;
  pin_confirmation: string;
}
type Mode = 'set' | 'change' | 'reset';

const KNOWN: KnownApiError[] = [
  { text: 'Your current PIN is not right.', field: 'current_pin', message: 'Your current PIN is not right.' },
  { text: PIN_MESSAGES.format, field: 'pin', message: PIN_MESSAGES.format },
  { text: PIN_MESSAGES.guessable, field: 'pin', message: PIN_MESSAGES.guessable },
  { text: 'Invalid verification code', field: 'code', message: 'Invalid verification code' },
  { text: /^You already have a PIN/, field: '', message: 'You already have a PIN. Change it below, or reset it with a code.' },
  { text: /^Switch back to your own profile/, field: '', message: 'Switch back to your own profile to set or change the PIN.' },
  { text: /has no e-mail or phone/, field: '', message: 'This account has no e-mail or phone to send a code to. Please contact support.' },
];
const EMPTY: Values = { current_pin: '', code: '', pin: '', pin_confirmation: '' };
const pinInput = { type: 'password', digitsOnly: true, autoComplete: 'off', maxLength: PIN_LENGTH } as const;

export function PinSettings() {
  const [state, setState] = useState<PinState | null>(null);
  const [failed, setFailed] = useState(false);
  const [resetSentTo, setResetSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: EMPTY, shouldFocusError: false });
  const submit = useApiSubmit<Values>({
    setError,
    action: 'save your PIN',
    known: KNOWN,
    fields: {
      current_pin: { name: 'current_pin', label: 'Current PIN' },
      pin: { name: 'pin', label: 'New PIN' },
      code: { name: 'code', label: 'Code' },
    },
  });
  const sendCode = useApiSubmit<Values>({ setError, action: 'send the code', known: KNOWN });
  const load = useCallback(() => {
    fetchPinState()
      .then((s) => {
        setState(s);
        setFailed(false);
      })
      .catch((e: unknown) => {
        reportError(e, { where: 'account PIN state' });
        setFailed(true);
      });
  }, []);
  useEffect(load, [load]);

  const mode: Mode = !state?.pin_set ? 'set' : resetSentTo ? 'reset' : 'change';
  const onSave = handleSubmit(async (v) => {
    submit.clear();
    sendCode.clear();
    try {
      const saved =
        mode === 'set'
          ? await setPin(v.pin)
          : mode === 'change'
            ? await changePin(v.current_pin, v.pin)
            : await resetPinWithCode(v.code, v.pin);
      setState(saved);
      setResetSentTo(null);
      reset(EMPTY);
      submit.succeed(mode === 'set' ? 'Your PIN is set.' : 'Your PIN is changed.');
    } catch (e) {
      submit.fail(e);
    }
  }, submit.focusInvalid);
  const onForgot = async () => {
    submit.clear();
    sendCode.clear();
    try {
      setResetSentTo((await sendPinResetCode()).sent_to);
    } catch (e) {
      sendCode.fail(e);
    }
  };

  if (failed)
    return (
      <section className="hv-account__card">
        <h2>PIN</h2> <LoadFailed what="Your PIN settings" retry={load} />
      </section>
    );
  if (!state) return <Spinner label="Loading your PIN settings" />;
  const title = mode === 'set' ? 'Set a PIN' : mode === 'change' ? 'Change your PIN' : 'Reset your PIN';
  return (
    <section className="hv-account__card" aria-labelledby="pin-heading">
      <h2 id="pin-heading">PIN</h2>
      <p>
        {state.pin_set ? 'Your account has a PIN.' : 'Your account has no PIN yet.'} A PIN is {PIN_LENGTH} digits; not one digit repeated or
        a run such as 1234.
      </p>
      <form onSubmit={(e) => void onSave(e)} noValidate aria-label={title}>
        <h3>{title}</h3>
        {mode === 'change' ? (
          <TextField
            label="Current PIN"
            {...pinInput}
            oneMessage
            error={errors.current_pin?.message}
            {...register('current_pin', { validate: (value) => /^\d+$/.test(value) || 'Enter your current PIN' })}
          />
        ) : null}
        {mode === 'reset' ? (
          <>
            <p role="status">We sent a code to {resetSentTo}. Enter it with your new PIN.</p>
            <CodeField error={errors.code?.message} {...register('code', { validate: codeProblem })} />
          </>
        ) : null}
        <TextField
          label="New PIN"
          {...pinInput}
          oneMessage
          error={errors.pin?.message}
          {...register('pin', {
            validate: (value) => {
              const p = pinProblem(value);
              return p ? PIN_MESSAGES[p] : true;
            },
          })}
        />
        <TextField
          label="New PIN again"
          {...pinInput}
          oneMessage
          error={errors.pin_confirmation?.message}
          {...register('pin_confirmation', { validate: (value) => value === getValues('pin') || PIN_MESSAGES.mismatch })}
        />
        <Button type="submit" disabled={isSubmitting || submit.waitSeconds > 0}>
          {submit.waitSeconds > 0 ? `Try again in ${submit.waitSeconds} s` : mode === 'set' ? 'Set PIN' : 'Save new PIN'}
        </Button>
        <FormMessage message={submit.message} />
      </form>
      {state.pin_set ? (
        <div>
          <Button variant="ghost" onClick={() => void onForgot()} disabled={sendCode.waitSeconds > 0}>
            {sendCode.waitSeconds > 0
              ? `Send again in ${sendCode.waitSeconds} s`
              : resetSentTo
                ? 'Send a new code'
                : 'Forgot your PIN? Reset it with a code'}
          </Button>
          <FormMessage message={sendCode.message} />
        </div>
      ) : null}
    </section>
  );
}
