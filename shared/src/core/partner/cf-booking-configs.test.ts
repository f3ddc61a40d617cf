import { http, delay } from 'msw';
import { havenStore } from '../state/store';
import { API, installAuthTestKit, json, server, signedIn } from '../auth/test/auth-test-kit';
import { reportError } from '../reporting/report-error';
import { loadCfBookingConfigs } from './cf-booking-configs';

jest.mock('../reporting/report-error', () => ({ reportError: jest.fn() }));

installAuthTestKit();
beforeEach(signedIn);
const report = jest.mocked(reportError);
beforeEach(() => report.mockClear());

const cf = {
  is_cf_user: true,
  sessions_per_year: 12,
  allowed_provider_roles: ['cf-clinician'],
  requires_intake: true,
  coupon_code: 'CFCARE',
};
const appConfig = () => havenStore.getState().appConfig;

describe('loadCfBookingConfigs (product rules, Partners and business users)', () => {
  it('a corporate-partner user: isCfUser and its configuration', async () => {
    server.use(http.get(`${API}/customers/cf_booking_configs`, () => json({ cf_booking_configs: cf })));
    expect(await loadCfBookingConfigs()).toEqual(cf);
    expect(appConfig().isCfUser).toBe(true);
    expect(appConfig().cfUserConfig).toEqual(cf);
  });

  it('anyone else: isCfUser false, no configuration', async () => {
    server.use(http.get(`${API}/customers/cf_booking_configs`, () => json({ cf_booking_configs: { ...cf, is_cf_user: false } })));
    await loadCfBookingConfigs();
    expect(appConfig().isCfUser).toBe(false);
    expect(appConfig().cfUserConfig).toBeNull();
  });

  it('cancelled: ignored silently (nothing reported, state untouched)', async () => {
    server.use(
      http.get(`${API}/customers/cf_booking_configs`, async () => {
        await delay('infinite');
        return json({});
      }),
    );
    const controller = new AbortController();
    const pending = loadCfBookingConfigs(controller.signal);
    controller.abort();
    expect(await pending).toBeNull();
    expect(report).not.toHaveBeenCalled();
    expect(appConfig().isCfUser).toBe(false);
  });

  it('another failure is reported', async () => {
    server.use(http.get(`${API}/customers/cf_booking_configs`, () => json({ message: 'boom' }, 500)));
    expect(await loadCfBookingConfigs()).toBeNull();
    expect(report).toHaveBeenCalledTimes(1);
  });
});
