import type { ReactNode } from 'react';
import { EmptyIllustration } from '../../../../pure/illustrations/EmptyIllustration';
import '../../../../pure/tokens.css';
import './EmptyState.css';

export interface EmptyStateProps {
  /** What is not here yet, as a short title ('No sessions yet'); without one the sentence says it. */
  title?: ReactNode;
  /** The heading level that fits the page (a section's empty state under its h2 is an h3). */
  headingLevel?: 2 | 3;
  /** A kind sentence on what to do next. */
  children?: ReactNode;
  /** The one next step (a Button or a link). */
  action?: ReactNode;
  /** Another picture in place of the plant and notebook. */
  illustration?: ReactNode;
}

/**
 * What a list or a page shows when it has nothing yet: a calm picture, what is missing, and the next step.
 */
export function EmptyState({ title, headingLevel = 2, children, action, illustration }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={`hv-empty-state${title ? '' : ' hv-empty-state--compact'}`}>
      {illustration ?? <EmptyIllustration width={title ? 160 : 120} />}
      {title && <Heading className="hv-empty-state__title">{title}</Heading>}
      {children && <div className="hv-empty-state__text">{children}</div>}
      {action && <div className="hv-empty-state__action">{action}</div>}
    </div>
  );
}
