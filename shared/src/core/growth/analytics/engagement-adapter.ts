// The engagement tool in production: CleverTap's web SDK (clevertap-web-sdk), configured per deployment by the
// runtime config (growth.engagement). It is a third party: it receives only the selected list of events
// (engagement-rules.ts, isEngagementEvent) of eligible visitors, with the same sanitised properties as the
// other adapters, and knows a signed-in person only by the internal user id.
import type { CleverTap } from 'clevertap-web-sdk';
import { reportError } from '../../reporting/report-error';
import { sanitizeAddress } from './analytics-rules';
import type { AnalyticsAdapter } from './analytics-adapter';

export type LoadEngagementSdk = () => Promise<{ default: CleverTap }>;

export interface EngagementConfig {
  /** The project's account id. */
  accountId: string;
  /** The region of the project's data centre (in1, us1, eu1, ...): the first label of the host the SDK sends to. */
  region: string;
}

/** A region is one lower-case host label: the CSP names the host built from it. */
const ENGAGEMENT_REGION = /^[a-z]{2,5}[0-9]{1,2}$/;

/**
 * The runtime config's `growth.engagement`, checked here rather than at start-up: this module loads after
 * the first paint, and a deployment whose engagement entry is wrong runs without the tool (reported),
 * rather than not at all. Null: no engagement tool.
 */
export function engagementConfigOf(value: Record<string, unknown> | undefined): EngagementConfig | null {
  if (value === undefined) return null;
  const { accountId, region } = value;
  if (typeof accountId === 'string' && accountId !== '' && typeof region === 'string' && ENGAGEMENT_REGION.test(region)) {
    return { accountId, region };
  }
  reportError(new Error('Invalid runtime config: growth.engagement must be { accountId, region } with a region code such as in1'), {
    where: 'engagement tool',
  });
  return null;
}

/**
 * Resolves once the page's address carries no credentials: the SDK sends the address as it is when it
 * starts (its visit record), where our events carry it sanitised. A sign-in link's token, a hand-off's
 * auth_token or the session room's payload are taken out of the address by the pages (or left behind by
 * navigating); until then the events wait.
 */
function addressWithoutCredentials(): Promise<void> {
  const clean = () => sanitizeAddress(window.location.href) === window.location.href;
  if (clean()) return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (!clean()) return;
      window.removeEventListener('single-spa:routing-event', check);
      window.removeEventListener('popstate', check);
      resolve();
    };
    window.addEventListener('single-spa:routing-event', check);
    window.addEventListener('popstate', check);
  });
}

/**
 * The SDK (about 80 KB compressed) is its own lazy chunk, imported on the first event the adapter takes, never
 * for the first paint. Events wait for it in order; a chunk that fails to load is reported, its waiting
 * events dropped (the internal tracker has them), and the next event tries again.
 */
export function engagementAdapter(
  config: EngagementConfig,
  accepts: (event: string, now: number) => boolean,
  load: LoadEngagementSdk = () => import('clevertap-web-sdk'),
): AnalyticsAdapter {
  let loading: Promise<CleverTap | null> | null = null;
  let identifiedAs: string | null = null;
  const sdk = () =>
    (loading ??= addressWithoutCredentials()
      .then(load)
      .then(
        ({ default: clevertap }) => {
          // Its IP-based location stays off (the product has its own); no single-page tracking: that would
          // send every address as it is, where our events carry addresses without credentials.
          clevertap.privacy.push({ useIP: false });
          clevertap.spa = false;
          clevertap.init(config.accountId, config.region, undefined, undefined, { enableFetchApi: true });
          return clevertap;
        },
        (error: unknown) => {
          loading = null;
          reportError(error, { where: 'engagement tool', step: 'load' });
          return null;
        },
      ));
  const run = (fn: (clevertap: CleverTap) => void) =>
    void sdk()
      .then((clevertap) => clevertap && fn(clevertap))
      .catch((error: unknown) => reportError(error, { where: 'engagement tool' }));
  return {
    name: 'engagement',
    accepts,
    track: (event, properties, user) =>
      run((clevertap) => {
        const id = user ? String(user.id) : null;
        if (id && id !== identifiedAs) {
          // The internal id only: no name, e-mail, phone or anything about the person's care.
          clevertap.onUserLogin.push({ Site: { Identity: id } });
          identifiedAs = id;
        }
        clevertap.event.push(event, properties);
      }),
    // Only an SDK already loaded has a profile to forget: logging out does not load it.
    reset: () => {
      if (!loading) return;
      identifiedAs = null;
      run((clevertap) => clevertap.clear());
    },
  };
}
