import { useId, useState } from 'react';
import { Button } from '@haven/shared';
import { Select } from '@haven/shared/design';
import { FormMessage, TextField, useApiSubmit } from '@haven/shared/form-kit';
import { useForm, type UseFormRegister } from '@haven/shared/forms';
import { LEAD_FORMS, leadBody, type LeadField } from './lead-forms';
import { sendLead, type LeadKind } from './outreach-calls';
import './outreach.css';

type Values = Record<string, string>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function rulesOf(f: LeadField) {
  return {
    required: f.required ? `Enter ${f.label.replace(/ \(.*\)$/, '').toLowerCase()}` : false,
    ...(f.maxLength ? { maxLength: { value: f.maxLength, message: `At most ${f.maxLength} characters` } } : {}),
    ...(f.control === 'email' ? { pattern: { value: EMAIL_PATTERN, message: 'Enter an e-mail address like name@example.com' } } : {}),
    ...(f.control === 'url' ? { pattern: { value: /^https?:\/\/\S+$/, message: 'Enter an address starting with https://' } } : {}),
    ...(f.control === 'number'
      ? { validate: (v: string) => v === '' || (/^\d{1,2}$/.test(v) && Number(v) <= 17) || 'Enter an age from 0 to 17' }
      : {}),
  };
}

/** One field of a lead form: a real label on every control, its error read with it. */
function LeadControl({ field, register, error }: { field: LeadField; register: UseFormRegister<Values>; error?: string }) {
  const id = useId();
  if (field.control === 'select') {
    return (
      <Select
        id={id}
        label={field.label}
        error={error}
        defaultValue=""
        placeholder="Choose…"
        options={(field.options ?? []).map((o) => ({ value: o, label: o }))}
        {...register(field.name, rulesOf(field))}
      />
    );
  }
  if (field.control === 'textarea') {
    const errorId = error ? `${id}-error` : undefined;
    const common = {
      id,
      className: 'hv-text-field__input',
      'aria-invalid': error ? true : undefined,
      'aria-describedby': errorId,
      ...register(field.name, rulesOf(field)),
    };
    return (
      <div className={['hv-text-field', error ? 'hv-text-field--invalid' : ''].filter(Boolean).join(' ')}>
        <label className="hv-text-field__label" htmlFor={id}>
          {field.label}
        </label>
        <textarea rows={4} maxLength={field.maxLength} {...common} />
        {error ? (
          <p id={errorId} className="hv-text-field__error">
            {error}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <TextField
      label={field.label}
      type={field.control}
      autoComplete={field.autoComplete}
      maxLength={field.maxLength}
      hint={field.hint}
      inputMode={field.control === 'number' ? 'numeric' : undefined}
      min={field.control === 'number' ? 0 : undefined}
      max={field.control === 'number' ? 17 : undefined}
      error={error}
      {...register(field.name, rulesOf(field))}
    />
  );
}

/** A leads form of one kind: validated as the api validates it, typed text kept on any error, thanked on success. */
export function LeadForm({ kind, heading = 'h2' }: { kind: LeadKind; heading?: 'h2' | 'h3' }) {
  const spec = LEAD_FORMS[kind];
  const headingId = useId();
  const [thanks, setThanks] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ shouldFocusError: false, defaultValues: Object.fromEntries(spec.fields.map((f) => [f.name, ''])) });
  const submit = useApiSubmit<Values>({
    setError,
    action: 'send your message',
    fields: Object.fromEntries(spec.fields.map((f) => [f.name, { name: f.name, label: f.label }])),
  });
  if (thanks) {
    return (
      <div className="hv-outreach__done" role="status">
        <p>{thanks}</p>
      </div>
    );
  }
  const onSubmit = async (values: Values) => {
    submit.clear();
    try {
      setThanks(await sendLead(kind, leadBody(values)));
    } catch (e) {
      submit.fail(e);
    }
  };
  const Heading = heading;
  const wait = submit.waitSeconds;
  return (
    <form className="hv-outreach__form" noValidate onSubmit={handleSubmit(onSubmit, submit.focusInvalid)} aria-labelledby={headingId}>
      <Heading id={headingId}>Your details</Heading>
      {spec.fields.map((f) => (
        <LeadControl key={f.name} field={f} register={register} error={errors[f.name]?.message} />
      ))}
      <Button type="submit" disabled={isSubmitting || wait > 0} aria-busy={isSubmitting}>
        {isSubmitting ? 'Sending…' : wait > 0 ? `${spec.submit} (wait ${wait}s)` : spec.submit}
      </Button>
      <FormMessage message={submit.message} />
    </form>
  );
}
