import { useState } from 'react';
import { Button } from '@haven/shared';
import { FormMessage, TextField, useApiSubmit } from '@haven/shared/form-kit';
import { useForm } from '@haven/shared/forms';
import { subscribeNewsletter } from './outreach-calls';
import './outreach.css';

interface Values {
  email: string;
}

/** The newsletter sign-up: one e-mail field; the api e-mails a confirm link (nothing is sent until it is opened). */
export function NewsletterForm() {
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ shouldFocusError: false, defaultValues: { email: '' } });
  const submit = useApiSubmit<Values>({
    setError,
    action: 'subscribe you',
    fields: { email: { name: 'email', label: 'E-mail' } },
  });
  const onSubmit = async (v: Values) => {
    submit.clear();
    try {
      setSent(await subscribeNewsletter(v.email));
    } catch (e) {
      submit.fail(e);
    }
  };
  if (sent) {
    return (
      <p className="hv-outreach__done" role="status">
        {sent}
      </p>
    );
  }
  const wait = submit.waitSeconds;
  return (
    <form className="hv-outreach__form" noValidate onSubmit={handleSubmit(onSubmit, submit.focusInvalid)} aria-label="Newsletter">
      <div className="hv-outreach__inline">
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          maxLength={254}
          error={errors.email?.message}
          {...register('email', {
            required: 'Enter your e-mail address',
            pattern: { value: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: 'Enter an e-mail address like name@example.com' },
          })}
        />
        <Button type="submit" disabled={isSubmitting || wait > 0} aria-busy={isSubmitting}>
          {isSubmitting ? 'Subscribing…' : wait > 0 ? `Subscribe (wait ${wait}s)` : 'Subscribe'}
        </Button>
      </div>
      <FormMessage message={submit.message} />
    </form>
  );
}
