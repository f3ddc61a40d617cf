// The device info of this browser (product rules, What the client keeps), with the stored country (`userCountry`) when known.
import { havenStore } from '../state/store';
import { buildDeviceInfo, type DeviceInfoPayload } from '../platform/device-info';
import { storageGet } from '../platform/storage-keys';
import { deviceId } from './growth-storage';

export const CLICK_ID_KEY = 'clickid';

export const USER_COUNTRY_KEY = 'userCountry';

export function currentDeviceInfo(): DeviceInfoPayload {
  const country = havenStore.getState().userLocationDetails.location?.country ?? storageGet(USER_COUNTRY_KEY);
  return buildDeviceInfo(window.navigator, country, { deviceId: deviceId(), clickid: storageGet(CLICK_ID_KEY) });
}
