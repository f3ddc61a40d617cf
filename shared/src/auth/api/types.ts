// Answer shapes of the auth calls (api/src/routes/auth.ts). When the generated OpenAPI types land
// (shared/src/api/schema.generated.ts) these become aliases of them.
import type { AuthUser, PartnerMetaInfo } from '../../state/types';

/** The user the api answers: the spec §3 logged-in user plus the api's extra fields. */
export interface ApiUser extends AuthUser {
  uid?: string;
  first_name?: string;
  last_name?: string;
  name?: string;
  country_code?: string;
  gender?: string | null;
  date_of_birth?: string | null;
  organisation_uuid?: string | null;
  is_cf_user?: boolean;
  is_secondary_profile?: boolean;
}

export type OtpChannel = 'sms' | 'whatsapp' | 'email';

/** Where a one-time code goes: a mobile number (sms, whatsapp) or an e-mail address. */
export type OtpTarget =
  | { channel: 'sms' | 'whatsapp'; mobile: string; country_code?: string }
  | { channel: 'email'; email: string };

export interface OtpSendAnswer {
  success: true;
  message: string;
  /** Seconds the code stays valid. */
  expires_in: number;
}

export interface OtpVerifyAnswer {
  success: true;
  verified: true;
  account_exists: boolean;
  data: ApiUser | null;
}

export type { PartnerMetaInfo };
