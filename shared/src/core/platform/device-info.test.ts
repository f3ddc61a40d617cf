import { buildDeviceInfo, DEFAULT_LOGIN_COUNTRY, USER_AGENT_MAX_LENGTH } from './device-info';

const UA = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  androidPhone: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0',
};

describe('buildDeviceInfo (product rules, What the client keeps: device info)', () => {
  it.each([
    [UA.chromeWindows, 'desktop', 'Windows', 'Chrome'],
    [UA.safariMac, 'desktop', 'macOS', 'Safari'],
    [UA.iphone, 'mobile', 'iOS', 'Safari'],
    [UA.androidPhone, 'mobile', 'Android', 'Chrome'],
    [UA.androidTablet, 'tablet', 'Android', 'Chrome'],
    [UA.firefoxLinux, 'desktop', 'Linux', 'Firefox'],
    [UA.edge, 'desktop', 'Windows', 'Edge'],
  ])('%s', (userAgent, type, os, app) => {
    expect(buildDeviceInfo({ userAgent }, 'India')).toEqual({
      device_name: userAgent,
      device_type: type,
      operating_system: os,
      application_name: app,
      logged_in_location: { country: 'India' },
    });
  });

  it('reads an iPad presenting as a Mac as an iOS tablet', () => {
    expect(buildDeviceInfo({ userAgent: UA.safariMac, maxTouchPoints: 5 })).toMatchObject({
      device_type: 'tablet',
      operating_system: 'iOS',
    });
  });

  it('cuts the user agent at 500 characters', () => {
    const info = buildDeviceInfo({ userAgent: `${UA.chromeWindows} ${'x'.repeat(800)}` });
    expect(USER_AGENT_MAX_LENGTH).toBe(500);
    expect(info.device_name).toHaveLength(500);
  });

  it.each([[undefined], [null], [''], ['  ']])('country defaults to India (%j)', (country) => {
    expect(DEFAULT_LOGIN_COUNTRY).toBe('India');
    expect(buildDeviceInfo({ userAgent: UA.iphone }, country).logged_in_location).toEqual({ country: 'India' });
  });

  it.each([
    [
      { deviceId: 'dev-1', clickid: 'clk-9' },
      { device_id: 'dev-1', clickid: 'clk-9' },
    ],
    [{ deviceId: 'dev-1', clickid: null }, { device_id: 'dev-1' }],
    [{}, {}],
  ])('carries the device id and the stored clickid when known (%j)', (ids, expected) => {
    const info = buildDeviceInfo({ userAgent: UA.iphone }, 'India', ids);
    expect({ device_id: info.device_id, clickid: info.clickid }).toEqual({ device_id: undefined, clickid: undefined, ...expected });
  });

  it('keeps a given country', () => {
    expect(buildDeviceInfo({ userAgent: UA.iphone }, 'United Arab Emirates').logged_in_location).toEqual({
      country: 'United Arab Emirates',
    });
  });
});
