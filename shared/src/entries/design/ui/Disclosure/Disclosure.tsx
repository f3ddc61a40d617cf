import { useId, useState, type ReactNode } from 'react';
import { ChevronMark } from '../marks';
import '../../../../pure/tokens.css';
import './Disclosure.css';

export interface DisclosureProps {
  /** What the section is (its name, always shown). */
  label: ReactNode;
  /** A short line beside the name saying what is inside while closed (e.g. what is chosen). */
  summary?: ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
  id?: string;
  className?: string;
}

/**
 * A section that opens and closes: a button (aria-expanded, aria-controls) with a chevron that turns
 * when open, so the state is both said and seen; closed, the content is hidden (out of the Tab order).
 */
export function Disclosure({ label, summary, children, defaultOpen = false, id, className }: DisclosureProps) {
  const [open, setOpen] = useState(defaultOpen);
  const own = useId();
  const panelId = `${id ?? own}-panel`;
  return (
    <div id={id} className={`hv-disclosure${open ? ' hv-disclosure--open' : ''}${className ? ` ${className}` : ''}`}>
      <button type="button" className="hv-disclosure__button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <span className="hv-disclosure__label">{label}</span>
        {summary !== undefined && <span className="hv-disclosure__summary">{summary}</span>}
        <ChevronMark className="hv-disclosure__chevron" />
      </button>
      <div id={panelId} className="hv-disclosure__panel" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
