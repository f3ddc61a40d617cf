// Entity shapes (product rules, What the client keeps) that the stores and the event bus hold. Only fields the spec names; API
// payload types proper come from the generated OpenAPI schema.
import type { OfferingPrice } from '@haven/rules';
import type { Offer } from './offer';
import type { components } from '../api/schema.generated';

export interface AuthUser {
  id: number | string;
  firebaseid: string;
  /** Token for the realtime database (signInWithCustomToken). */
  fb_token: string;
  usertype: string;
  email: string | null;
  organisation_id: number | string | null;
  organisation_name: string | null;
  uuid: string;
  is_verified: boolean;
  /** The first-time-user flag; the spec says its name carries the product name. */
  is_first_time_haven_user?: boolean;
  mobile: string | null;
  first_name?: string;
  last_name?: string;
  /** Product rules, Validation: a photo in the avatar folder of the asset host; null: the drawn default avatar. */
  avatar_url?: string | null;
}

export interface DeviceInfo {
  device_name: string;
  device_type: string;
  operating_system: string;
  application_name: string;
  /** Country; the spec's default is India. */
  logged_in_location: string;
}

export interface PartnerMetaInfo {
  company_profile: { name: string; uuid: string; short_code?: string | null };
  feature_flags: { show_card_dashboard?: boolean };
}

export type { InternationalPrice, OfferingPrice } from '@haven/rules';

export interface Provider {
  firstname: string;
  lastname: string;
  uuid: string;
  roles?: string[];
  earliest_available_datetime?: string | null;
  online_offering?: OfferingPrice | null;
  offline_offering?: OfferingPrice | null;
  commercials?: { medium?: string } | null;
  gender?: string;
  languages?: string[];
  concerns?: string[];
  price_tier?: number;
  experience_years?: number;
  clinic_centre_ids?: number[];
  /** Product rules, Providers and fees: Offer, when the provider has one. */
  offer?: Offer | null;
  bio?: string;
  /** A care coordinator: listed only when the dropdown is asked with include_support_providers. */
  is_support_provider?: boolean;
  /** The card's facts (GET /providers and the profiles): the portrait in the avatar folder of the asset host, or null. */
  avatar_url?: string | null;
  qualification?: string | null;
  registration?: { council: string; number: string } | null;
  /** How they work, in one line. */
  approach?: string | null;
  /** The next free session starts (at most three), ISO 8601. */
  next_free_times?: string[];
  testimonials?: Array<{ author_label: string; body: string; rating: number; published_at: string }>;
  /** The company whose package covers a session with this provider for the signed-in patient (they pay nothing). */
  covered_by?: string | null;
}

/** A session as the api answers it (the sessions lists hold what the calls return, unchanged). */
export type Booking = components['schemas']['Booking'];

export interface Profile {
  id?: number | string;
  uuid?: string;
  [field: string]: unknown;
}

export interface UtmData {
  utm_medium: string;
  utm_source: string;
  utm_campaign: string;
  utm_content: string;
  utm_term: string;
}

export interface MarketingData {
  marketing_activity: string;
  marketing_channel: string;
  marketing_campaign: string;
  marketing_content: string;
  marketing_term: string;
}

/** attribution/{userId}, local copy under `ad_user_params`. Missing values are the string 'null'. */
export interface AttributionRecord {
  marketing_data: MarketingData;
  utm_data: UtmData;
  /** ms since epoch */
  timestamp: number;
  is_consumed: boolean;
  added_by?: string;
  /** The ad click id the visit arrived with (product rules, Entry parameters: clickid), kept with its attribution. */
  clickid?: string;
}
