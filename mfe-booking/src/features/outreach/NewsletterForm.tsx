import { useId, useState, type FormEvent } from 'react';
import { type Answer, apiClient, Button, httpStatusOf, reportError } from '@haven/shared';
// The form kit's text-field look without its JavaScript: the landing's bytes stay small.
import '@haven/shared/form-kit/text-field.css';
import './outreach.css';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The words of a failed request: a refusal the person can act on, else a fault (reported). */
function failureText(error: unknown): string {
  const status = httpStatusOf(error);
  if (status === 429) return 'Too many tries. Please wait, then try again.';
  if (status === 400) return 'Check the e-mail address.';
  if (status === undefined) return "We couldn't subscribe you: no connection to Haven. Check your internet connection and try again.";
  reportError(error, { where: 'newsletter subscribe', status });
  return "We couldn't subscribe you. Please try again in a moment.";
}

/**
 * The landing's newsletter sign-up: one e-mail field; the api e-mails a confirm link (nothing is sent
 * until it is opened). No form library: the landing's bytes stay small. What was typed stays on any error.
 */
export function NewsletterForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const value = email.trim();
    if (!EMAIL_PATTERN.test(value)) {
      setFieldError(value ? 'Enter an e-mail address like name@example.com' : 'Enter your e-mail address');
      document.getElementById(id)?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      const { data } = await apiClient.post<Answer<'/newsletter/subscriptions', 'post'>>('/newsletter/subscriptions', { email: value });
      setSent(data.message);
    } catch (error) {
      setFormError(failureText(error));
    } finally {
      setBusy(false);
    }
  };
  if (sent) {
    return (
      <p className="hv-outreach__done" role="status">
        {sent}
      </p>
    );
  }
  const errorId = `${id}-error`;
  return (
    <form className="hv-outreach__form" noValidate onSubmit={onSubmit} aria-label="Newsletter">
      <div className="hv-outreach__inline">
        <div className={fieldError ? 'hv-text-field hv-text-field--invalid' : 'hv-text-field'}>
          <label className="hv-text-field__label" htmlFor={id}>
            E-mail
          </label>
          <input
            id={id}
            className="hv-text-field__input"
            type="email"
            autoComplete="email"
            maxLength={254}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? errorId : undefined}
          />
          {fieldError ? (
            <p id={errorId} className="hv-text-field__error">
              {fieldError}
            </p>
          ) : null}
        </div>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? 'Subscribing…' : 'Subscribe'}
        </Button>
      </div>
      {formError ? <p role="alert">{formError}</p> : null}
    </form>
  );
}
