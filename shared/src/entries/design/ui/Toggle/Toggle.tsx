import { useId, type ReactNode } from 'react';
import { IconCheck, IconClose } from '../../../../pure/icons';
import '../../../../pure/tokens.css';
import './Toggle.css';

export interface ToggleProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** A sentence under the label saying what on means. */
  description?: ReactNode;
  disabled?: boolean;
  /** The change is being saved: the switch keeps its place, says so, and takes no second press. */
  loading?: boolean;
  /** The words of the two states, shown beside the switch (not colour alone). */
  onText?: string;
  offText?: string;
}

/** An on/off switch (role="switch"): its state is said in words and drawn with a mark, never by colour alone. */
export function Toggle({
  label,
  checked,
  onChange,
  description,
  disabled = false,
  loading = false,
  onText = 'On',
  offText = 'Off',
}: ToggleProps) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <div className={`hv-toggle${checked ? ' hv-toggle--on' : ''}${loading ? ' hv-toggle--loading' : ''}`}>
      <div className="hv-toggle__text">
        <span className="hv-toggle__label" id={`${id}-label`}>
          {label}
        </span>
        {description && (
          <span className="hv-toggle__description" id={descriptionId}>
            {description}
          </span>
        )}
      </div>
      <button
        type="button"
        role="switch"
        className="hv-toggle__switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={descriptionId}
        aria-busy={loading || undefined}
        disabled={disabled}
        onClick={() => {
          if (!loading) onChange(!checked);
        }}
      >
        <span className="hv-toggle__track" aria-hidden="true">
          <span className="hv-toggle__thumb">
            {checked ? <IconCheck size={14} strokeWidth={3} /> : <IconClose size={14} strokeWidth={3} />}
          </span>
        </span>
        <span className="hv-toggle__state" aria-hidden="true">
          {loading ? 'Saving…' : checked ? onText : offText}
        </span>
      </button>
    </div>
  );
}
