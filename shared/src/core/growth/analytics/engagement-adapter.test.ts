import { http, HttpResponse } from 'msw';
import type { CleverTap } from 'clevertap-web-sdk';
import { eventBus } from '../../events/event-bus';
import { havenStore } from '../../state/store';
import { API, apiUser, config, installAuthTestKit, server } from '../../auth/test/auth-test-kit';
import { setRuntimeConfig } from '../../config/runtime-config';
import { registerErrorSink } from '../../reporting/report-error';
import { AD_USER_PARAMS_KEY } from '../growth-storage';
import { ENGAGEMENT_ELIGIBLE_MS } from './analytics-rules';
import { engagementAdapter, engagementConfigOf } from './engagement-adapter';
import { startAnalytics } from './tracker';

// The SDK as a module mock: what the page would hand CleverTap, recorded; how often its chunk was loaded.
const mockCalls: unknown[][] = [];
let mockLoads = 0;
jest.mock('clevertap-web-sdk', () => {
  mockLoads += 1;
  return { __esModule: true, default: mockSdk() };
});
function mockSdk(): CleverTap {
  return {
    spa: true,
    init: (...args: unknown[]) => void mockCalls.push(['init', ...args]),
    privacy: { push: (...settings: unknown[]) => void mockCalls.push(['privacy', ...settings]) },
    event: { push: (name: string, properties?: Record<string, unknown>) => void mockCalls.push(['event', name, properties]) },
    onUserLogin: { push: (profile: unknown) => void mockCalls.push(['onUserLogin', profile]) },
    clear: () => void mockCalls.push(['clear']),
  };
}

// Stopped (its sink flushed) while this file's telemetry handler is still installed: declared before the kit's hooks.
let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
});
installAuthTestKit();

const ENGAGEMENT = { accountId: 'TEST-ACC-1', region: 'in1' };
const production = { ...config, stage: 'production' as const, growth: { engagement: ENGAGEMENT } };
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};
const named = (kind: string) => mockCalls.filter((call) => call[0] === kind);
const events = () => named('event').map((call) => call[1]);

beforeEach(() => {
  mockCalls.length = 0;
  setRuntimeConfig(production);
  server.use(http.post(`${API}/telemetry/events`, () => HttpResponse.json({ accepted: 1 }, { status: 202 })));
});
const start = () => {
  stop = startAnalytics();
};

describe('the engagement tool in production (CleverTap)', () => {
  // First in this file: the module registry keeps the SDK once it is loaded.
  it('is not loaded for the first page view or an event off its list; it loads once, on the first selected event', async () => {
    start();
    eventBus.emit('analytics:track', { name: 'switch_profile' });
    await settle();
    expect(mockLoads).toBe(0);
    expect(mockCalls).toEqual([]);

    eventBus.emit('analytics:track', { name: 'new_profile', properties: { plan: 3 } });
    eventBus.emit('analytics:track', { name: 'switch_profile' });
    eventBus.emit('booking:booked', { booking_uuid: 'b-1', provider_uuid: 'pr-1', paid_with: 'package' });
    await settle();
    expect(mockLoads).toBe(1);
    expect(mockCalls.slice(0, 2)).toEqual([
      ['privacy', { useIP: false }],
      ['init', 'TEST-ACC-1', 'in1', undefined, undefined, { enableFetchApi: true }],
    ]);
    // Queued while the chunk loaded, sent in order, only the selected ones.
    expect(events()).toEqual(['new_profile', 'booking_confirmed']);
    expect(named('init')).toHaveLength(1);
  });

  it('starts only on an address without credentials (it sends the address as it is when it starts); the events wait', async () => {
    window.history.replaceState(null, '', '/?code=acme&auth_token=hand-off-secret');
    start();
    eventBus.emit('analytics:track', { name: 'new_profile' });
    await settle();
    expect(mockCalls).toEqual([]);

    // The page takes the token out of its address (a route change single-spa announces).
    window.history.replaceState(null, '', '/?code=acme');
    window.dispatchEvent(new Event('single-spa:routing-event'));
    await settle();
    expect(mockCalls).toEqual([]);
    window.history.replaceState(null, '', '/dashboard');
    window.dispatchEvent(new Event('single-spa:routing-event'));
    await settle();
    expect(named('init')).toHaveLength(1);
    expect(events()).toEqual(['new_profile']);
  });

  it('sends the same sanitised properties as the other adapters (no credentials)', async () => {
    start();
    eventBus.emit('analytics:track', { name: 'new_profile', properties: { token: 'secret', plan: 3, next: '/x?token=t' } });
    await settle();
    const [, , properties] = named('event')[0]!;
    expect(properties).toMatchObject({ plan: 3, next: '/x', current_page: window.location.href, platform: 'desktop_browser' });
    expect(properties).not.toHaveProperty('token');
    expect(JSON.stringify(properties)).not.toContain('secret');
  });

  it.each([
    ['a visitor whose stored country is US', () => localStorage.setItem('userCountry', 'US')],
    [
      'a visitor whose stored timestamp is more than 45 days old',
      () => localStorage.setItem(AD_USER_PARAMS_KEY, JSON.stringify({ timestamp: Date.now() - ENGAGEMENT_ELIGIBLE_MS - 60_000 })),
    ],
    ['an internal-domain user', () => havenStore.getState().auth.update({ user: apiUser({ email: 'ops@haven.care' }) })],
    ['a skip_analytics session', () => sessionStorage.setItem('skip_analytics', 'true')],
  ])('nothing for %s (and nothing loaded)', async (_case, arrange) => {
    arrange();
    start();
    eventBus.emit('analytics:track', { name: 'new_profile' });
    await settle();
    expect(mockCalls).toEqual([]);
  });

  it('knows a signed-in person by the internal user id only, once, and forgets them at logout', async () => {
    const user = apiUser({ id: 41, email: 'asha@example.com', mobile: '9876543210', first_name: 'Asha' });
    start();
    havenStore.getState().auth.update({ user });
    eventBus.emit('auth:login', { user });
    eventBus.emit('analytics:track', { name: 'new_profile' });
    await settle();
    havenStore.getState().auth.update({ user: null });
    eventBus.emit('auth:logout', { reason: 'user' });
    await settle();
    expect(mockCalls.slice(2)).toEqual([
      ['onUserLogin', { Site: { Identity: '41' } }],
      ['event', 'login', expect.any(Object)],
      ['event', 'new_profile', expect.any(Object)],
      ['clear'],
    ]);
    const sent = JSON.stringify(mockCalls);
    for (const personal of ['asha@example.com', '9876543210', 'Asha', user.uuid, user.firebaseid]) expect(sent).not.toContain(personal);
  });

  it('logging out does not load it just to forget someone', async () => {
    start();
    eventBus.emit('auth:logout', { reason: 'user' });
    await settle();
    expect(mockCalls).toEqual([]);
  });

  it('a deployment that names no engagement tool has none', async () => {
    setRuntimeConfig({ ...production, growth: {} });
    start();
    eventBus.emit('analytics:track', { name: 'new_profile' });
    await settle();
    expect(mockCalls).toEqual([]);
  });

  it('a chunk that fails to load is reported once, its waiting events dropped, and the next event tries again', async () => {
    const reported: Array<[Error, unknown]> = [];
    // Only this adapter's reports (a sink registered in production also receives the errors held before it).
    const unregister = registerErrorSink((error, context) => {
      if (context?.where === 'engagement tool') reported.push([error, context]);
    });
    const sdk = mockSdk();
    const load = jest
      .fn<Promise<{ default: CleverTap }>, []>()
      .mockRejectedValueOnce(new Error('Loading chunk 820 failed'))
      .mockResolvedValue({ default: sdk });
    const adapter = engagementAdapter(ENGAGEMENT, () => true, load);
    adapter.track('new_profile', {}, null);
    adapter.track('booking_confirmed', {}, null);
    await settle();
    expect(reported).toEqual([[new Error('Loading chunk 820 failed'), { where: 'engagement tool', step: 'load' }]]);
    expect(mockCalls).toEqual([]);

    adapter.track('booking_confirmed', {}, null);
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(events()).toEqual(['booking_confirmed']);
    unregister();
  });
});

describe('engagementConfigOf (growth.engagement in the runtime config)', () => {
  it('an account id and a region code: the tool; nothing: no tool', () => {
    expect(engagementConfigOf({ accountId: 'TEST-R78-ZZ1', region: 'in1', other: 1 })).toEqual({
      accountId: 'TEST-R78-ZZ1',
      region: 'in1',
    });
    expect(engagementConfigOf(undefined)).toBeNull();
  });

  it.each([
    [{ region: 'in1' }],
    [{ accountId: '', region: 'in1' }],
    [{ accountId: 'A' }],
    // The region becomes a host the CSP names: nothing that could add a source or a directive.
    [{ accountId: 'A', region: 'in1.evil.example' }],
    [{ accountId: 'A', region: 'in1; script-src *' }],
  ])('%j: no tool, and the mistake reported', (value) => {
    const reported: unknown[] = [];
    const unregister = registerErrorSink((error, context) => {
      if (context?.where === 'engagement tool') reported.push(error.message);
    });
    expect(engagementConfigOf(value)).toBeNull();
    expect(reported).toEqual([expect.stringContaining('growth.engagement must be { accountId, region }')]);
    unregister();
  });

  it('a production deployment with a wrong entry runs without the tool', async () => {
    setRuntimeConfig({ ...production, growth: { engagement: { accountId: 'A', region: 'in1 https://evil.example' } } });
    start();
    eventBus.emit('analytics:track', { name: 'new_profile' });
    await settle();
    expect(mockCalls).toEqual([]);
  });
});
