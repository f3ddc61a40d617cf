import { http, HttpResponse } from 'msw';
import { eventBus } from '../../events/event-bus';
import { havenStore } from '../../state/store';
import { API, apiUser, installAuthTestKit, server } from '../../auth/test/auth-test-kit';
import { startAnalytics } from './tracker';

installAuthTestKit();

interface Posted { name: string; properties: Record<string, unknown>; anonymous_id: string }

/** Starts analytics, emits, stops (which flushes), and returns what reached the sink. */
async function sent(emit: () => void): Promise<Posted[]> {
  const posted: Posted[] = [];
  server.use(http.post(`${API}/telemetry/events`, async ({ request }) => {
    posted.push(...((await request.json()) as { events: Posted[] }).events);
    return HttpResponse.json({ accepted: 1 }, { status: 202 });
  }));
  const stop = startAnalytics();
  emit();
  stop();
  await new Promise((resolve) => setTimeout(resolve, 50));
  return posted;
}

describe('tracking API (spec §7 adapters, §5/§6 exclusions)', () => {
  it('an event on the bus reaches every adapter, with page, referrers and platform', async () => {
    localStorage.setItem('initial_referrer', 'https://ads.example/?token=x');
    const posted = await sent(() => eventBus.emit('analytics:track', { name: 'switch_profile', properties: { to: 'u-8' } }));
    const events = posted.filter((e) => e.name === 'switch_profile');
    expect(events.map((e) => e.properties.adapter).sort()).toEqual(['engagement', 'internal', 'mixpanel']);
    expect(events[0]!.properties).toMatchObject({ to: 'u-8', current_page: window.location.href, referrer: 'direct', initial_referrer: 'https://ads.example/', platform: 'desktop_browser' });
    expect(events[0]!.anonymous_id).toBe(localStorage.getItem('deviceId'));
  });

  it('the engagement tool only when the stored country is empty or IN', async () => {
    localStorage.setItem('userCountry', 'US');
    const posted = await sent(() => eventBus.emit('analytics:track', { name: 'new_profile' }));
    expect(posted.filter((e) => e.name === 'new_profile').map((e) => e.properties.adapter).sort()).toEqual(['internal', 'mixpanel']);
  });

  it.each([
    ['an internal-domain user', () => havenStore.getState().auth.update({ user: apiUser({ email: 'ops@haven.care' }) })],
    ['a skip_analytics session', () => sessionStorage.setItem('skip_analytics', 'true')],
  ])('nothing for %s', async (_case, arrange) => {
    arrange();
    expect(await sent(() => eventBus.emit('analytics:track', { name: 'delete_profile' }))).toEqual([]);
  });
});
