import type { ReactNode } from 'react';
import './PlannedFeature.css';

export interface PlannedFeatureProps {
  /** What will live here, in the user's words. */
  title: string;
  children?: ReactNode;
}

/** An honest notice for a part of the product that a later release brings: never lorem ipsum. */
export function PlannedFeature({ title, children }: PlannedFeatureProps) {
  return (
    <section className="hv-planned" aria-label={title}>
      <h2 className="hv-planned__title">{title}</h2>
      <p className="hv-planned__text">{children ?? 'This part of Haven is on its way and is not available yet.'}</p>
    </section>
  );
}
