// Everything growth does at run time, started together after first paint (./start-growth.ts imports
// this file lazily, so none of it is in a route's critical path).
import { reportError } from '../reporting/report-error';
import { startAttribution } from './attribution/attribution-sync';
import { startAnalytics } from './analytics/tracker';
import { loadProductFlags, loadRemoteFlags } from './flags/remote-flags';
import { startLocationRefresh } from './location/location-refresh';
import { startErrorReporting } from './reporting/error-reporting';

export interface Landing {
  /** The query string the page was opened with (before any flow rewrote the address). */
  search: string;
}

export function runGrowth(landing: Landing): () => void {
  void startErrorReporting();
  const stops = [startAnalytics(), startAttribution(landing.search), startLocationRefresh()];
  loadRemoteFlags().catch((error: unknown) => reportError(error, { where: 'feature flags' }));
  void loadProductFlags();
  // A mark browser tests wait for (the start is deferred to an idle moment, so they cannot know otherwise).
  document.documentElement.dataset.growth = 'started';
  return () => stops.forEach((stop) => stop());
}
