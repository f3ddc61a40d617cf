// Answer shapes of the auth calls: the api's OpenAPI contract (core/api/schema.generated.ts).
import type { components, paths } from '../../api/schema.generated';
import type { PartnerMetaInfo } from '../../state/types';

type Method = 'get' | 'post' | 'put' | 'delete';
/** The JSON body of a 200 answer of `path` + `method` in the contract. */
export type OkBody<P extends keyof paths, M extends Method> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;

/** The JSON request body of `path` + `method` in the contract. */
export type JsonBody<P extends keyof paths, M extends Method> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** The user every sign-in answers (product rules, Sign-in and identity: logged-in user plus the api's profile fields). */
export type ApiUser = components['schemas']['User'];

export type OtpChannel = 'sms' | 'whatsapp' | 'email';

/** Where a one-time code goes: a mobile number (sms, whatsapp) or an e-mail address. */
export type OtpTarget = { channel: 'sms' | 'whatsapp'; mobile: string; country_code?: string } | { channel: 'email'; email: string };

export type OtpSendAnswer = OkBody<'/api/v1/otp/send', 'post'>;
export type OtpVerifyAnswer = OkBody<'/api/v1/otp/verify', 'post'>;

export type { PartnerMetaInfo };
