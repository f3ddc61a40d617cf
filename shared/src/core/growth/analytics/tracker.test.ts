import { http, HttpResponse } from 'msw';
import { eventBus } from '../../events/event-bus';
import { havenStore } from '../../state/store';
import { API, apiUser, config, installAuthTestKit, server } from '../../auth/test/auth-test-kit';
import { setRuntimeConfig } from '../../config/runtime-config';
import { isEngagementEvent } from './engagement-rules';
import { mixpanelAdapter, ORGANISATION_GROUP_KEY, startAnalytics } from './tracker';

installAuthTestKit();

interface Posted {
  name: string;
  properties: Record<string, unknown>;
  anonymous_id: string;
}

/** Starts analytics, emits, stops (which flushes), and returns what reached the sink. */
async function sent(emit: () => void): Promise<Posted[]> {
  const posted: Posted[] = [];
  server.use(
    http.post(`${API}/telemetry/events`, async ({ request }) => {
      posted.push(...((await request.json()) as { events: Posted[] }).events);
      return HttpResponse.json({ accepted: 1 }, { status: 202 });
    }),
  );
  const stop = startAnalytics();
  emit();
  stop();
  await new Promise((resolve) => setTimeout(resolve, 50));
  return posted;
}

describe('tracking API (product rules, Attribution and analytics: adapters, exclusions)', () => {
  it('an event on the bus reaches every adapter, with page, referrers and platform', async () => {
    localStorage.setItem('initial_referrer', 'https://ads.example/?token=x');
    const posted = await sent(() => eventBus.emit('analytics:track', { name: 'new_profile', properties: { to: 'u-8' } }));
    const events = posted.filter((e) => e.name === 'new_profile');
    expect(events.map((e) => e.properties.adapter).sort()).toEqual(['engagement', 'internal', 'mixpanel']);
    expect(events[0]!.properties).toMatchObject({
      to: 'u-8',
      current_page: window.location.href,
      referrer: 'direct',
      initial_referrer: 'https://ads.example/',
      platform: 'desktop_browser',
    });
    expect(events[0]!.anonymous_id).toBe(localStorage.getItem('deviceId'));
  });

  it.each([
    [
      'a profile event',
      () => eventBus.emit('profile:event', { name: 'new_profile', profileId: 'p-2' }),
      'new_profile',
      { profile_id: 'p-2' },
    ],
    [
      'a booking',
      () => eventBus.emit('booking:booked', { booking_uuid: 'b-1', provider_uuid: 'pr-1', paid_with: 'package' }),
      'booking_confirmed',
      { booking_uuid: 'b-1', paid_with: 'package' },
    ],
    [
      'a failed payment',
      () => eventBus.emit('booking:payment_failed', { booking_uuid: 'b-2', outcome: 'abandon' }),
      'booking_payment_failed',
      { outcome: 'abandon' },
    ],
    [
      'a provider switch',
      () => eventBus.emit('provider:switched', { provider_type: 'therapist', from_uuid: null, to_uuid: 'pr-9', reason: 'fit' }),
      'provider_switched',
      { to_uuid: 'pr-9' },
    ],
  ])('%s on the bus is tracked as %s', async (_label, emit, name, properties) => {
    const posted = await sent(emit);
    expect(
      posted
        .filter((e) => e.name === name)
        .map((e) => e.properties.adapter)
        .sort(),
    ).toEqual([...(isEngagementEvent(name) ? ['engagement'] : []), 'internal', 'mixpanel']);
    expect(posted.find((e) => e.name === name)!.properties).toMatchObject(properties);
  });

  it('the engagement tool takes only its selected list: a page view and a profile switch are not on it', async () => {
    const posted = await sent(() => {
      eventBus.emit('analytics:track', { name: 'switch_profile' });
      eventBus.emit('analytics:track', { name: 'new_profile' });
    });
    const engagement = posted.filter((e) => e.properties.adapter === 'engagement').map((e) => e.name);
    expect(engagement).toEqual(['new_profile']);
    expect(posted.filter((e) => e.properties.adapter === 'internal').map((e) => e.name)).toEqual([
      'page_view',
      'switch_profile',
      'new_profile',
    ]);
  });

  it("a page view in the session room names the route's pattern, never the booking's id or the link's payload", async () => {
    const booking = '7b1c2d3e-0000-4000-8000-000000000001';
    const before = window.location.pathname;
    window.history.pushState({}, '', `/session-room/${booking}/entry/website?is_web_app=false`);
    try {
      const posted = await sent(() => window.dispatchEvent(new Event('single-spa:routing-event')));
      const views = posted.filter((e) => e.name === 'page_view');
      expect(views.length).toBeGreaterThan(0);
      for (const view of views) {
        expect(new URL(view.properties.current_page as string).pathname).toBe('/session-room/:sessionId/:payload/:platform');
        expect(JSON.stringify(view)).not.toContain(booking);
      }
    } finally {
      window.history.pushState({}, '', before);
    }
  });

  it('the engagement tool only when the stored country is empty or IN', async () => {
    localStorage.setItem('userCountry', 'US');
    const posted = await sent(() => eventBus.emit('analytics:track', { name: 'new_profile' }));
    expect(
      posted
        .filter((e) => e.name === 'new_profile')
        .map((e) => e.properties.adapter)
        .sort(),
    ).toEqual(['internal', 'mixpanel']);
  });

  it.each([
    ['an internal-domain user', () => havenStore.getState().auth.update({ user: apiUser({ email: 'ops@haven.care' }) })],
    ['a skip_analytics session', () => sessionStorage.setItem('skip_analytics', 'true')],
  ])('nothing for %s', async (_case, arrange) => {
    arrange();
    expect(await sent(() => eventBus.emit('analytics:track', { name: 'delete_profile' }))).toEqual([]);
  });

  it('in production the internal tracker posts to the api (the analytics library has no token here, the engagement tool no destination)', async () => {
    setRuntimeConfig({ ...config, stage: 'production' });
    const posted = await sent(() => eventBus.emit('analytics:track', { name: 'booking_started', properties: { token: 'x', plan: 3 } }));
    const events = posted.filter((e) => e.name === 'booking_started');
    expect(events.map((e) => e.properties.adapter)).toEqual(['internal']);
    expect(events[0]!.properties).not.toHaveProperty('token');
    expect(events[0]!.properties.plan).toBe(3);
  });
});

describe('the analytics library in production (mixpanel)', () => {
  function fakeMixpanel() {
    const calls: unknown[][] = [];
    const mp = {
      init: (...args: unknown[]) => calls.push(['init', args[0]]),
      identify: (id: string) => calls.push(['identify', id]),
      set_group: (key: string, id: string) => calls.push(['set_group', key, id]),
      track: (name: string) => calls.push(['track', name]),
      reset: () => calls.push(['reset']),
      people: { set_once: () => undefined },
    };
    const load = jest.fn(async () => ({ default: mp as unknown as typeof import('mixpanel-browser').default }));
    return { calls, load };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("counts a partner employee's events in their organisation's group, once, and forgets the person at logout", async () => {
    const { calls, load } = fakeMixpanel();
    const adapter = mixpanelAdapter('tok', load);
    const employee = apiUser({ id: 41, organisation_id: 7 });
    adapter.track('page_view', {}, employee);
    adapter.track('booking_started', {}, employee);
    await settle();
    adapter.reset!();
    await settle();
    expect(calls).toEqual([
      ['init', 'tok'],
      ['identify', '41'],
      ['set_group', ORGANISATION_GROUP_KEY, '7'],
      ['track', 'page_view'],
      ['identify', '41'],
      ['track', 'booking_started'],
      ['reset'],
    ]);
  });

  it('logging out does not load the library just to reset it', async () => {
    const { load } = fakeMixpanel();
    mixpanelAdapter('tok', load).reset!();
    await settle();
    expect(load).not.toHaveBeenCalled();
  });
});
