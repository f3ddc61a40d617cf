import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { Spinner } from '@haven/shared';
import { IconChevronDown } from '../../../../pure/icons';
import '../../../../pure/tokens.css';
import './Select.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** Choices under a heading of their own (an optgroup): 'Your care team', 'Care coordinators'. */
export interface SelectGroup {
  group: string;
  options: readonly SelectOption[];
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: ReactNode;
  options: readonly (SelectOption | SelectGroup)[];
  /** A first, empty choice ('Choose a language'); the field reads as not chosen until another is picked. */
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  /** The choices are still loading: the field is disabled and says so. */
  loading?: boolean;
}

const optionOf = (option: SelectOption) => (
  <option key={option.value} value={option.value} disabled={option.disabled}>
    {option.label}
  </option>
);

/**
 * A styled select: the browser's own select underneath (every platform's picker, keyboard and screen reader
 * behaviour for free), drawn as the product's field with its chevron, hint and error wired to it.
 */
export function Select({ label, options, placeholder, hint, error, loading = false, id, className, disabled, ...rest }: SelectProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const hintId = hint ? `${selectId}-hint` : undefined;
  const errorId = error ? `${selectId}-error` : undefined;
  const classes = ['hv-select', error ? 'hv-select--invalid' : '', loading ? 'hv-select--loading' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes}>
      <label className="hv-select__label" htmlFor={selectId}>
        {label}
      </label>
      <div className="hv-select__control">
        <select
          id={selectId}
          className="hv-select__input"
          disabled={disabled || loading}
          aria-busy={loading || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          {...rest}
        >
          {placeholder !== undefined && <option value="">{loading ? 'Loading…' : placeholder}</option>}
          {options.map((entry) =>
            'group' in entry ? (
              entry.options.length ? (
                <optgroup key={entry.group} label={entry.group}>
                  {entry.options.map(optionOf)}
                </optgroup>
              ) : null
            ) : (
              optionOf(entry)
            ),
          )}
        </select>
        <span className="hv-select__icon" aria-hidden="true">
          {loading ? <Spinner size="sm" label="Loading choices" /> : <IconChevronDown size={20} />}
        </span>
      </div>
      {hint && (
        <p id={hintId} className="hv-select__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="hv-select__error">
          {error}
        </p>
      )}
    </div>
  );
}
