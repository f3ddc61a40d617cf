import type { ReactNode } from 'react';
import '../../../../pure/tokens.css';
import './Chip.css';
import { CrossMark, TickMark } from '../marks';

export type ChipProps =
  | {
      /** A filter in force: its label and a button that removes it ('Remove Hindi'). */
      label: string;
      onRemove: () => void;
      selected?: never;
      onToggle?: never;
      disabled?: boolean;
      icon?: ReactNode;
    }
  | {
      /** A choice that can be turned on and off (aria-pressed), shown with a tick when on. */
      label: string;
      selected: boolean;
      onToggle: (selected: boolean) => void;
      onRemove?: never;
      disabled?: boolean;
      icon?: ReactNode;
    };

/** A small pill for filters: removable (a filter in force) or toggled (a filter offered). */
export function Chip(props: ChipProps) {
  const { label, disabled = false, icon } = props;
  if (props.onRemove) {
    return (
      <span className={`hv-chip hv-chip--removable${disabled ? ' hv-chip--disabled' : ''}`}>
        {icon && (
          <span className="hv-chip__icon" aria-hidden="true">
            {icon}
          </span>
        )}
        <span className="hv-chip__label">{label}</span>
        <button type="button" className="hv-chip__remove" aria-label={`Remove ${label}`} disabled={disabled} onClick={props.onRemove}>
          <CrossMark />
        </button>
      </span>
    );
  }
  const { selected, onToggle } = props;
  return (
    <button
      type="button"
      className={`hv-chip hv-chip--toggle${selected ? ' hv-chip--selected' : ''}`}
      aria-pressed={selected}
      disabled={disabled}
      onClick={() => onToggle(!selected)}
    >
      <span className="hv-chip__icon" aria-hidden="true">
        {selected ? <TickMark /> : icon}
      </span>
      <span className="hv-chip__label">{label}</span>
    </button>
  );
}
