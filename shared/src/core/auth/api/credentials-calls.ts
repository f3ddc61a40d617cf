// devise_token_auth: validating a stored session (docs/contracts.md). Sign-in, sign-up and the password calls are in
// login-calls.ts, which only the sign-in pages load.
import { apiClient } from '../../api/client';
import type { DeviceInfoPayload } from '../../platform/device-info';
import type { ApiUser } from './types';
import type { Answer } from '../../api/contract';

export async function validateToken(deviceInfo: DeviceInfoPayload): Promise<ApiUser> {
  const { data } = await apiClient.get<Answer<'/auth/validate_token', 'get'>>('/auth/validate_token', {
    params: { device_info: JSON.stringify(deviceInfo) },
  });
  if (!data.success || !data.data) throw new Error('validate_token answered without a user');
  return data.data;
}
