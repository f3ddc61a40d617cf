// The one tracking API (product rules, Attribution and analytics: "Analytics events go to an internal tracker and a selected list to a
// third-party engagement tool"; an analytics library in production). Events arrive on the event bus
// ('analytics:track', login, logout, page views) and go to every adapter, each event carrying the page
// address, initial referrer and referrer (token stripped), the platform label and the user agent.
// The internal tracker posts to the api's own events endpoint in every stage; outside production the
// engagement tool and the analytics library post there too, tagged (so browser tests can read them); in
// production the analytics library (mixpanel-browser) and, when the deployment names one, the engagement
// tool (CleverTap's SDK, engagement-adapter.ts) are loaded lazily and receive them.
import { getRuntimeConfig, isProduction } from '../../config/runtime-config';
import { eventBus } from '../../events/event-bus';
import { reportError } from '../../reporting/report-error';
import { havenStore } from '../../state/store';
import { SKIP_ANALYTICS_KEY, storageGet } from '../../platform/storage-keys';
import { USER_COUNTRY_KEY } from '../current-device-info';
import type { AuthUser } from '../../state/types';
import { deviceId, INITIAL_REFERRER_KEY, readStoredAttribution } from '../growth-storage';
import {
  isAnalyticsExcluded,
  isEngagementEligible,
  pageContext,
  platformLabel,
  sanitizeProperties,
  userAgentProperty,
} from './analytics-rules';
import { engagementAdapter, engagementConfigOf } from './engagement-adapter';
import { isEngagementEvent } from './engagement-rules';
import { MIXPANEL_CONFIG } from './mixpanel-config';
import type { AnalyticsAdapter, Properties } from './analytics-adapter';

export type { AnalyticsAdapter, Properties } from './analytics-adapter';

/** Events waiting for the sink, sent together (the sink takes up to 100 per request). */
const SINK_BATCH_MAX = 50;
const SINK_FLUSH_MS = 1_000;

interface SinkEvent {
  name: string;
  properties: Properties;
  timestamp: number;
  anonymous_id: string;
  user_id?: number;
}

class TelemetrySink {
  private queue: SinkEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  push(event: SinkEvent): void {
    this.queue.push(event);
    if (this.queue.length >= SINK_BATCH_MAX) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), SINK_FLUSH_MS);
  }

  /** `keepalive` only when the page is going away: such requests outlive the page (and tools that wait for them). */
  flush(keepalive = false): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const events = this.queue.splice(0, SINK_BATCH_MAX);
    if (events.length === 0) return;
    fetch(`${getRuntimeConfig().apiBaseUrl}/telemetry/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ events }),
      keepalive,
    })
      // The body is read to its end: an unread response stays open (in flight) in the browser's network log.
      .then(async (response) => {
        await response.text();
        if (!response.ok) reportError(new Error(`Telemetry sink answered HTTP ${response.status}`), { where: 'analytics sink' });
      })
      .catch((error: unknown) => reportError(error, { where: 'analytics sink' }));
    if (this.queue.length > 0) this.timer = setTimeout(() => this.flush(), SINK_FLUSH_MS);
  }
}

const sink = new TelemetrySink();

/** The internal tracker (every stage), and outside production what the others would have sent, tagged with the adapter's name. */
function sinkAdapter(name: string, accepts?: (event: string, now: number) => boolean): AnalyticsAdapter {
  const post = (event: string, properties: Properties, user: AuthUser | null) =>
    sink.push({
      name: event,
      properties: { ...properties, adapter: name },
      timestamp: Date.now(),
      anonymous_id: deviceId(),
      ...(typeof user?.id === 'number' ? { user_id: user.id } : {}),
    });
  return {
    name,
    ...(accepts ? { accepts } : {}),
    track: post,
    setUserProperty: (property, value, user) => post('$set', { [property]: value }, user),
  };
}

/** The engagement tool takes an event on its selected list, from an eligible visitor (stored country, 45 days). */
function engagementAccepts(event: string, now: number): boolean {
  if (!isEngagementEvent(event)) return false;
  const ts = Number(readStoredAttribution().timestamp);
  return isEngagementEligible(storageGet(USER_COUNTRY_KEY), Number.isFinite(ts) && ts > 0 ? ts : null, now);
}

type Mixpanel = typeof import('mixpanel-browser').default;

/** The group a partner employee's events are counted in (the analytics library's group analytics). */
export const ORGANISATION_GROUP_KEY = 'organisation';

/** Production: mixpanel-browser, imported on first use (its own lazy chunk). */
export function mixpanelAdapter(
  token: string,
  load: () => Promise<{ default: Mixpanel }> = () => import('mixpanel-browser'),
): AnalyticsAdapter {
  let loading: Promise<Mixpanel> | null = null;
  let groupedAs: string | null = null;
  const mixpanel = () =>
    (loading ??= load().then(({ default: mp }) => {
      mp.init(token, {
        ...MIXPANEL_CONFIG,
        autocapture: {
          ...MIXPANEL_CONFIG.autocapture,
          scroll_depth_percent_checkpoints: [...MIXPANEL_CONFIG.autocapture.scroll_depth_percent_checkpoints],
        },
      });
      return mp;
    }));
  const run = (fn: (mp: Mixpanel) => void) =>
    mixpanel()
      .then(fn)
      .catch((error: unknown) => reportError(error, { where: 'analytics library' }));
  return {
    name: 'mixpanel',
    track: (event, properties, user) =>
      run((mp) => {
        if (user) {
          mp.identify(String(user.id));
          const organisation = user.organisation_id === null || user.organisation_id === undefined ? null : String(user.organisation_id);
          if (organisation !== groupedAs) {
            if (organisation) mp.set_group(ORGANISATION_GROUP_KEY, organisation);
            groupedAs = organisation;
          }
        }
        mp.track(event, properties);
      }),
    setUserProperty: (property, value) => run((mp) => mp.people.set_once({ [property]: value })),
    // Only a library already loaded has someone to forget: logging out does not load it.
    reset: () => {
      if (!loading) return;
      groupedAs = null;
      run((mp) => mp.reset());
    },
  };
}

function adaptersFor(): AnalyticsAdapter[] {
  if (!isProduction()) return [sinkAdapter('internal'), sinkAdapter('engagement', engagementAccepts), sinkAdapter('mixpanel')];
  const growth = getRuntimeConfig().growth;
  const token = growth?.mixpanelToken;
  const engagement = engagementConfigOf(growth?.engagement);
  // A deployment without an engagement tool configured sends nothing to one.
  return [
    sinkAdapter('internal'),
    ...(token ? [mixpanelAdapter(token)] : []),
    ...(engagement ? [engagementAdapter(engagement, engagementAccepts)] : []),
  ];
}

let adapters: AnalyticsAdapter[] = [];

function currentUser(): AuthUser | null {
  return havenStore.getState().auth.user;
}

function excluded(user: AuthUser | null): boolean {
  return isAnalyticsExcluded(
    user?.email,
    storageGet(SKIP_ANALYTICS_KEY, () => window.sessionStorage),
  );
}

/** The properties every event carries (product rules, Attribution and analytics). */
export function commonProperties(): Properties {
  return {
    ...pageContext(window.location.href, document.referrer, storageGet(INITIAL_REFERRER_KEY)),
    platform: platformLabel(window.navigator.userAgent, storageGet('platform')),
    user_agent: userAgentProperty(window.navigator.userAgent),
  };
}

/** Sends one event to every adapter that takes it; nothing for internal users or skip_analytics sessions. */
export function track(event: string, properties: Properties = {}): void {
  const user = currentUser();
  if (excluded(user)) return;
  const now = Date.now();
  const all = { ...sanitizeProperties(properties), ...commonProperties() };
  for (const adapter of adapters) {
    try {
      if (adapter.accepts && !adapter.accepts(event, now)) continue;
      adapter.track(event, all, user);
    } catch (error) {
      reportError(error, { where: 'analytics adapter', adapter: adapter.name });
    }
  }
}

/** A user property (product rules, Attribution and analytics: doc_referral, set once). */
export function setUserProperty(name: string, value: unknown): void {
  const user = currentUser();
  if (excluded(user)) return;
  for (const adapter of adapters) {
    try {
      adapter.setUserProperty?.(name, typeof value === 'string' ? sanitizeProperties({ [name]: value })[name] : value, user);
    } catch (error) {
      reportError(error, { where: 'analytics adapter', adapter: adapter.name });
    }
  }
}

/** Starts the adapters and the bus subscriptions; returns the stop function. */
export function startAnalytics(): () => void {
  deviceId(); // this browser's id exists from the first visit, tracked or not (product rules, What the client keeps: deviceId)
  adapters = adaptersFor();
  const offs = [
    eventBus.on('analytics:track', ({ name, properties }) => track(name, properties)),
    eventBus.on('auth:login', () => track('login')),
    // The user is already cleared when logout is announced; the event still belongs to the session.
    eventBus.on('auth:logout', ({ reason }) => {
      track('logout', { reason });
      for (const adapter of adapters) adapter.reset?.();
    }),
    // The remotes' own events (product rules, Profiles and members: profile events, booking) reach every adapter under their names.
    eventBus.on('profile:event', ({ name, profileId }) => track(name, profileId ? { profile_id: profileId } : {})),
    eventBus.on('booking:booked', (payload) => track('booking_confirmed', { ...payload })),
    eventBus.on('booking:payment_failed', (payload) => track('booking_payment_failed', { ...payload })),
    eventBus.on('provider:switched', (payload) => track('provider_switched', { ...payload })),
    eventBus.on('provider:declined', (payload) => track('provider_declined', { ...payload })),
    eventBus.on('matching:feedback', (payload) => track('matching_feedback', { ...payload })),
  ];
  const onRoute = () => track('page_view');
  // Events still queued when the page is left go out with keepalive, so they arrive anyway.
  const onLeave = () => sink.flush(true);
  window.addEventListener('single-spa:routing-event', onRoute);
  window.addEventListener('pagehide', onLeave);
  onRoute();
  return () => {
    offs.forEach((off) => off());
    window.removeEventListener('single-spa:routing-event', onRoute);
    window.removeEventListener('pagehide', onLeave);
    sink.flush();
    adapters = [];
  };
}
