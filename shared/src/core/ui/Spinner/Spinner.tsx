import '../../../pure/tokens.css';
import './Spinner.css';

export interface SpinnerProps {
  /** Accessible name; 'Loading' unless the wait deserves a more precise word. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
}

/** A loading indicator announced to assistive technology as a status. */
export function Spinner({ label = 'Loading', size = 'md' }: SpinnerProps) {
  return <span className={`hv-spinner hv-spinner--${size}`} role="status" aria-label={label} />;
}
