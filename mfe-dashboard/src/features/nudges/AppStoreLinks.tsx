// The web-to-app nudge's store links, from the runtime config: a deployment names its own
// store pages; none configured, none shown.
import { getRuntimeConfig, isRuntimeConfigLoaded } from '@haven/shared';

const STORES = [
  { key: 'android', label: 'Get it on Google Play' },
  { key: 'ios', label: 'Download on the App Store' },
] as const;

export function AppStoreLinks() {
  const links = isRuntimeConfigLoaded() ? getRuntimeConfig().appStores : undefined;
  const shown = STORES.filter((store) => links?.[store.key]);
  if (!links || shown.length === 0) return null;
  return (
    <p className="hv-nudge__stores">
      {shown.map((store) => (
        <a key={store.key} className="hv-button-link" href={links[store.key]} target="_blank" rel="noopener noreferrer">
          {store.label}
          <span className="hv-visually-hidden"> (opens in a new tab)</span>
        </a>
      ))}
    </p>
  );
}
