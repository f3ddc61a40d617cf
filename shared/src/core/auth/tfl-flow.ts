// The therapy-for-life flow (product rules, Routes and redirects: one-tap is not offered in it; What the
// client keeps: `is_tfl_flow` and the TFL state). Its entry is a link carrying `is_tfl_flow=true` (the
// query parameter is named after the storage key): the browser then stays in the flow across pages and
// reloads until sign-out, which clears the key and the state.
import { havenStore } from '../state/store';
import { storageGet, storageSet, TFL_FLOW_KEY } from '../platform/storage-keys';

/** The entry query parameter; only the value 'true' enters the flow. */
export const TFL_FLOW_PARAM = 'is_tfl_flow';

/** On load: enters the flow from the link, or resumes it from storage; answers whether the page is in it. */
export function startTflFlow(search: string): boolean {
  if (new URLSearchParams(search).get(TFL_FLOW_PARAM) === 'true') storageSet(TFL_FLOW_KEY, 'true');
  const isTflFlow = storageGet(TFL_FLOW_KEY) === 'true';
  if (isTflFlow) havenStore.getState().tfl.update({ isTflFlow: true });
  return isTflFlow;
}
