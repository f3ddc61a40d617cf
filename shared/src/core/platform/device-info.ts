// Product rules, What the client keeps: "Device info", sent with validate token: device_name, device_type, operating_system,
// application_name, logged_in_location (country, default India), plus deviceId and clickid. The user agent is cut at 500
// characters (product rules, Constants). Pure: the navigator is passed in.

export const USER_AGENT_MAX_LENGTH = 500;
export const DEFAULT_LOGIN_COUNTRY = 'India';

export interface DeviceInfoPayload {
  device_name: string;
  device_type: 'mobile' | 'tablet' | 'desktop';
  operating_system: string;
  application_name: string;
  logged_in_location: { country: string };
  /**
   * This browser's id (product rules, What the client keeps: deviceId) and the ad click id it arrived with
   * (product rules, Entry parameters: clickid, stored).
   */
  device_id?: string;
  clickid?: string;
}

export interface DeviceIds {
  deviceId?: string | null;
  clickid?: string | null;
}

export type NavigatorLike = Pick<Navigator, 'userAgent'> & { platform?: string; maxTouchPoints?: number };

function operatingSystem(ua: string, nav: NavigatorLike): string {
  if (/Android/i.test(ua)) return 'Android';
  if (/iPhone|iPad|iPod/i.test(ua)) return 'iOS';
  // iPadOS 13+ presents itself as a Mac with touch.
  if (/Macintosh/i.test(ua) && (nav.maxTouchPoints ?? 0) > 1) return 'iOS';
  if (/CrOS/i.test(ua)) return 'ChromeOS';
  if (/Windows/i.test(ua)) return 'Windows';
  if (/Mac OS X|Macintosh/i.test(ua)) return 'macOS';
  if (/Linux/i.test(ua)) return 'Linux';
  return 'Unknown';
}

function deviceType(ua: string, os: string, nav: NavigatorLike): DeviceInfoPayload['device_type'] {
  if (/iPad|Tablet/i.test(ua) || (os === 'iOS' && /Macintosh/i.test(ua) && (nav.maxTouchPoints ?? 0) > 1)) return 'tablet';
  if (os === 'Android' && !/Mobile/i.test(ua)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android/i.test(ua)) return 'mobile';
  return 'desktop';
}

function browser(ua: string): string {
  if (/EdgA?\//.test(ua)) return 'Edge';
  if (/SamsungBrowser\//.test(ua)) return 'Samsung Internet';
  if (/OPR\/|Opera/.test(ua)) return 'Opera';
  if (/Firefox\/|FxiOS\//.test(ua)) return 'Firefox';
  if (/Chrome\/|CriOS\//.test(ua)) return 'Chrome';
  if (/Safari\//.test(ua)) return 'Safari';
  return 'Browser';
}

export function buildDeviceInfo(nav: NavigatorLike, country?: string | null, ids: DeviceIds = {}): DeviceInfoPayload {
  const ua = (nav.userAgent ?? '').slice(0, USER_AGENT_MAX_LENGTH);
  const os = operatingSystem(ua, nav);
  return {
    device_name: ua || 'Unknown device',
    device_type: deviceType(ua, os, nav),
    operating_system: os,
    application_name: browser(ua),
    logged_in_location: { country: country?.trim() || DEFAULT_LOGIN_COUNTRY },
    ...(ids.deviceId ? { device_id: ids.deviceId } : {}),
    ...(ids.clickid ? { clickid: ids.clickid } : {}),
  };
}
