// Answer shapes of the auth calls: the api's OpenAPI contract (core/api/schema.generated.ts).
import type { Answer, ApiSchema, Body } from '../../api/contract';
import type { PartnerMetaInfo } from '../../state/types';

/** The user every sign-in answers (product rules, Sign-in and identity: logged-in user plus the api's profile fields). */
export type ApiUser = ApiSchema<'User'>;

type OtpBody = Body<'/otp/send', 'post'>;
export type OtpChannel = OtpBody['channel'];

/** Where a one-time code goes: the contract's body in its two forms, a mobile number (sms, whatsapp) or an e-mail address. */
export type OtpTarget =
  | (Pick<OtpBody, 'country_code'> & Required<Pick<OtpBody, 'mobile'>> & Record<'channel', Exclude<OtpChannel, 'email'>>)
  | (Required<Pick<OtpBody, 'email'>> & Record<'channel', Extract<OtpChannel, 'email'>>);

export type OtpSendAnswer = Answer<'/otp/send', 'post'>;
export type OtpVerifyAnswer = Answer<'/otp/verify', 'post'>;

export type { PartnerMetaInfo };
