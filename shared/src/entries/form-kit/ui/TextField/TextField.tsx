import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import '../../../../pure/tokens.css';
import './TextField.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: ReactNode;
  /** Shown under the field; marks the input invalid and is read with it. */
  error?: ReactNode;
  /** Helper text under the field, read with it. */
  hint?: ReactNode;
  /**
   * One message under the field: the error replaces the hint in one line whose space is
   * always kept, so nothing below moves when a message appears; the line is a polite live region.
   */
  oneMessage?: boolean;
}

/** Label + input + hint + error text, wired for assistive technology (aria-describedby, aria-invalid). */
export function TextField({ label, error, hint, oneMessage = false, id, className, type = 'text', ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const shownHint = oneMessage && error ? undefined : hint;
  const hintId = shownHint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [inputProps['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={['hv-text-field', error ? 'hv-text-field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="hv-text-field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        {...inputProps}
        id={inputId}
        type={type}
        className="hv-text-field__input"
        aria-invalid={error ? true : inputProps['aria-invalid']}
        aria-describedby={describedBy}
      />
      {oneMessage ? (
        <div className="hv-text-field__message" aria-live="polite">
          {error ? (
            <p id={errorId} className="hv-text-field__error">
              {error}
            </p>
          ) : shownHint ? (
            <p id={hintId} className="hv-text-field__hint">
              {shownHint}
            </p>
          ) : null}
        </div>
      ) : (
        <>
          {hint ? (
            <p id={hintId} className="hv-text-field__hint">
              {hint}
            </p>
          ) : null}
          {error ? (
            <p id={errorId} className="hv-text-field__error">
              {error}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
