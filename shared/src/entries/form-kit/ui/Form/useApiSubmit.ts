import { useCallback, useState } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { describeApiError, type KnownApiError } from '../../describe-api-error';
import type { FormMessageValue } from './FormMessage';
import { useCountdown } from './useCountdown';

export interface ApiSubmitOptions<T extends FieldValues> {
  setError: UseFormSetError<T>;
  /** What the form does, after "We couldn't …" (e.g. 'create your account'). */
  action: string;
  /** The api's field names this form shows, with the form field and the label each maps to. */
  fields?: Readonly<Record<string, { name: Path<T>; label: string }>>;
  known?: ReadonlyArray<KnownApiError>;
}

/**
 * The one submit/alert pattern of a form that calls the api: a failure becomes one message —
 * on its field (focused) or as the form's message — a rate limit disables submitting for Retry-After
 * seconds, and a success is confirmed. What was typed is never touched here.
 */
export function useApiSubmit<T extends FieldValues>({ setError, action, fields = {}, known = [] }: ApiSubmitOptions<T>) {
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const waitSeconds = useCountdown(retryAt);

  /**
   * handleSubmit's invalid callback: focuses the first invalid control in page order (react-hook-form
   * focuses in registration order, which field components rendered below the form's own calls upset).
   * Use with useForm({ shouldFocusError: false }).
   */
  const focusInvalid = useCallback((errors: FieldErrors<T>, event?: React.BaseSyntheticEvent) => {
    const names = new Set(Object.keys(errors));
    const form = event?.target instanceof HTMLFormElement ? event.target : null;
    const controls = Array.from(form?.elements ?? []) as Array<HTMLElement & { name?: string }>;
    controls.find((c) => c.name && names.has(c.name))?.focus();
  }, []);

  const fail = useCallback(
    (cause: unknown) => {
      const labels = Object.fromEntries(Object.entries(fields).map(([api, f]) => [api, f.label]));
      const d = describeApiError(cause, { action, labels, known });
      const field = d.kind === 'field' ? fields[d.field] : undefined;
      if (field) {
        setMessage(null);
        setError(field.name, { type: 'server', message: d.message }, { shouldFocus: true });
        return;
      }
      if (d.kind === 'rate-limited' || d.kind === 'unavailable') setRetryAt(Date.now() + d.retryAfterSeconds * 1000);
      setMessage({ tone: 'error', text: d.message });
    },
    [action, fields, known, setError],
  );

  return {
    focusInvalid,
    message,
    /** Shows `text` as the form's error (e.g. a text the flow already chose). */
    showError: useCallback((text: string) => setMessage({ tone: 'error', text }), []),
    succeed: useCallback((text: string) => setMessage({ tone: 'success', text }), []),
    clear: useCallback(() => setMessage(null), []),
    fail,
    /** Seconds until a rate-limited form may submit again (0: it may). */
    waitSeconds,
  };
}
