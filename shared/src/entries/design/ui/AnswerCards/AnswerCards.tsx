import { useId, type ReactNode } from 'react';
import { Spinner } from '@haven/shared';
import '../../../../pure/tokens.css';
import './AnswerCards.css';

export interface AnswerOption {
  value: string;
  label: ReactNode;
  /** A second line under the label ('0 points', 'Several days'). */
  description?: ReactNode;
}

export interface AnswerCardsProps {
  /** The question, as the group's legend (read before each answer). */
  legend: ReactNode;
  /** Shared by the radios: one group per question. */
  name: string;
  options: readonly AnswerOption[];
  value: string | null | undefined;
  onChange: (value: string) => void;
  /** Extra words under the legend ('Over the last 2 weeks'). */
  hint?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  /** The answer is being saved: the choice stays visible, the group says it is busy and takes no change. */
  loading?: boolean;
  /** Lay the cards in a row from this many up on wide screens (a 4-point scale); one column on a phone. */
  columns?: 1 | 2 | 4;
  /** The legend's look: a question of a questionnaire reads as a title. */
  legendClassName?: string;
}

/**
 * A question's answers as large cards a thumb can hit: native radios underneath (arrow keys move between
 * answers, Space chooses, the group is announced with its question), each card the radio's label.
 */
export function AnswerCards({
  legend,
  name,
  options,
  value,
  onChange,
  hint,
  error,
  disabled = false,
  loading = false,
  columns = 1,
  legendClassName,
}: AnswerCardsProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset
      className={`hv-answers hv-answers--cols-${columns}${error ? ' hv-answers--invalid' : ''}`}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
    >
      <legend className={['hv-answers__legend', legendClassName].filter(Boolean).join(' ')}>{legend}</legend>
      {hint && (
        <p id={hintId} className="hv-answers__hint">
          {hint}
        </p>
      )}
      <div className="hv-answers__list">
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <div className="hv-answers__item" key={option.value}>
              <input
                className="hv-answers__input"
                type="radio"
                id={optionId}
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
              />
              <label className="hv-answers__card" htmlFor={optionId}>
                <span className="hv-answers__mark" aria-hidden="true" />
                <span className="hv-answers__text">
                  <span className="hv-answers__label">{option.label}</span>
                  {option.description && <span className="hv-answers__description">{option.description}</span>}
                </span>
              </label>
            </div>
          );
        })}
      </div>
      {loading && <Spinner size="sm" label="Saving your answer" />}
      {error && (
        <p id={errorId} className="hv-answers__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
