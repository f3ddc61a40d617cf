import { PageFrame, PlannedFeature } from '@haven/shared';
import type { PlannedPage } from './planned-pages';

export function PlannedPageView({ page }: { page: PlannedPage }) {
  return (
    <PageFrame title={page.title} description={page.description} app="mfe-dashboard">
      <p>{page.description}</p>
      {page.sections.map((section) => (
        <PlannedFeature key={section} title={section} />
      ))}
    </PageFrame>
  );
}
