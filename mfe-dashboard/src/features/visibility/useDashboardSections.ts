import { useEffect, useMemo } from 'react';
import { useHavenStore } from '@haven/shared';
import { dashboardSections, type DashboardSections } from '@haven/shared/booking-rules';
import { loadAppVisibility } from './load-app-visibility';

let loaded: Promise<void> | null = null;

/** The parts of the home the patient's plan offers; the visibility is fetched once per page load. */
export function useDashboardSections(): DashboardSections {
  const visibility = useHavenStore((s) => s.appConfig.appVisibility);
  useEffect(() => {
    loaded ??= loadAppVisibility();
  }, []);
  return useMemo(() => dashboardSections(visibility), [visibility]);
}
