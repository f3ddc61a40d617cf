import { http } from 'msw';
import { havenStore } from '../../state/store';
import { API, installAuthTestKit, json, server } from '../../auth/test/auth-test-kit';
import {
  COUPON_FLAG,
  FLAG_CACHE,
  growthbookSource,
  isCancelled,
  loadProductFlags,
  loadRemoteFlags,
  LOCAL_GROWTHBOOK_CLIENT_KEY,
} from './remote-flags';
import { reportError } from '../../reporting/report-error';

jest.mock('../../reporting/report-error', () => ({ reportError: jest.fn() }));

installAuthTestKit();
const FEATURES = `${API}/growthbook/api/features/${LOCAL_GROWTHBOOK_CLIENT_KEY}`;
const flags = () => havenStore.getState().featureFlags;

describe('remote feature flags (product rules, Attribution and analytics: GrowthBook cache, cf_coupon_enabled, cancelled ignored)', () => {
  it('uses the cache numbers: stale 60 s, max age 4 hours, 10 entries', () => {
    expect(FLAG_CACHE).toEqual({ staleTTL: 60_000, maxAge: 14_400_000, maxEntries: 10 });
  });

  it('off production the api is the GrowthBook host', () => {
    expect(growthbookSource()).toEqual({ apiHost: `${API}/growthbook`, clientKey: LOCAL_GROWTHBOOK_CLIENT_KEY });
  });

  it('the flag service is read once within 60 s (its cache), and never decides cf_coupon_enabled', async () => {
    let requests = 0;
    server.use(
      http.get(FEATURES, () => {
        requests += 1;
        return json({
          status: 200,
          features: { [COUPON_FLAG]: { defaultValue: true }, ai_enabled: { defaultValue: false } },
          dateUpdated: new Date().toISOString(),
        });
      }),
    );
    flags().update({ cf_coupon_enabled: false });
    await loadRemoteFlags();
    await loadRemoteFlags();
    expect(requests).toBe(1);
    expect(flags().cf_coupon_enabled).toBe(false);
  });

  it.each([
    ['on in the product api', true, true],
    ['off in the product api', false, false],
  ])('cf_coupon_enabled comes from GET /feature_flags: %s', async (_case, enabled, expected) => {
    server.use(
      http.get(`${API}/feature_flags`, () =>
        json({
          features: [
            { name: 'ai_enabled', enabled: true, description: '' },
            { name: COUPON_FLAG, enabled, description: '' },
          ],
        }),
      ),
    );
    flags().update({ cf_coupon_enabled: !expected });
    await loadProductFlags();
    expect(flags().cf_coupon_enabled).toBe(expected);
  });

  it('a failed flag list is reported and leaves cf_coupon_enabled as it was; a cancelled one is not reported', async () => {
    server.use(http.get(`${API}/feature_flags`, () => json({ message: 'down' }, 500)));
    flags().update({ cf_coupon_enabled: false });
    await loadProductFlags();
    expect(flags().cf_coupon_enabled).toBe(false);
    expect(reportError).toHaveBeenCalledTimes(1);
    const aborted = new AbortController();
    aborted.abort();
    await loadProductFlags(aborted.signal);
    expect(reportError).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['AbortError (fetch aborted)', true, new DOMException('The operation was aborted.', 'AbortError')],
    ['axios CanceledError', true, Object.assign(new Error('canceled'), { name: 'CanceledError', code: 'ERR_CANCELED' })],
    ['network failure', false, new TypeError('Failed to fetch')],
    ['HTTP 500', false, new Error('HTTP 500')],
    ['a message that mentions cancel', false, new Error('Booking cancelled')],
    ['not an error', false, 'abort'],
  ])('isCancelled: %s -> %s', (_case, expected, error) => {
    expect(isCancelled(error)).toBe(expected);
  });
});
