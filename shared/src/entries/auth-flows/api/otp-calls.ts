// Passwordless one-time codes by SMS, WhatsApp or e-mail (product rules, Sign-in and identity).
import { apiClient } from '@haven/shared';
import type { Answer, DeviceInfoPayload, OtpSendAnswer, OtpTarget, OtpVerifyAnswer } from '@haven/shared';

export async function sendOtp(target: OtpTarget): Promise<OtpSendAnswer> {
  const { data } = await apiClient.post<Answer<'/otp/send', 'post'>>('/otp/send', target);
  return data;
}

export async function verifyOtpCode(target: OtpTarget, code: string, deviceInfo?: DeviceInfoPayload): Promise<OtpVerifyAnswer> {
  const { data } = await apiClient.post<Answer<'/otp/verify', 'post'>>('/otp/verify', { ...target, code, device_info: deviceInfo });
  return data;
}
