import { useOnlineStatus, type UseOnlineStatusOptions } from './useOnlineStatus';
import '../../../pure/tokens.css';
import './OfflineBanner.css';

// Product rules, Errors and messages: "Offline banner": text shown verbatim.
export const OFFLINE_BANNER_TEXT = 'Please check your internet connection and try again.';

export type OfflineBannerProps = UseOnlineStatusOptions;

/**
 * The offline banner at the top of the page (product rules, Errors and messages). The live region is always in the DOM so
 * assistive technology announces the text when it appears; it is empty (and not displayed) while online.
 */
export function OfflineBanner(props: OfflineBannerProps) {
  const online = useOnlineStatus(props);
  return (
    <div className="hv-offline-banner" role="status" aria-live="polite">
      {online ? null : <p className="hv-offline-banner__text">{OFFLINE_BANNER_TEXT}</p>}
    </div>
  );
}
