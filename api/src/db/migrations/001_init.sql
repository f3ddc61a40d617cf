-- Haven reference API: initial schema.
CREATE TABLE organisations (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  name text NOT NULL,
  short_code text UNIQUE,
  show_card_dashboard boolean NOT NULL DEFAULT false,
  is_cf_partner boolean NOT NULL DEFAULT false,
  partner_secret text NOT NULL,
  totp_secret text NOT NULL,
  max_member_count integer NOT NULL DEFAULT 0,
  visibility jsonb NOT NULL DEFAULT '{}'::jsonb
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  firebaseid text NOT NULL UNIQUE,
  usertype text NOT NULL DEFAULT 'patient',
  email text UNIQUE,
  mobile text,
  country_code text NOT NULL DEFAULT '91',
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  gender text,
  date_of_birth date,
  password_hash text,
  organisation_id integer REFERENCES organisations(id),
  parent_user_id integer REFERENCES users(id),
  is_verified boolean NOT NULL DEFAULT false,
  is_first_time_haven_user boolean NOT NULL DEFAULT true,
  crn text UNIQUE,
  doc_referral boolean NOT NULL DEFAULT false,
  temp_flags jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_mobile_idx ON users (country_code, mobile) WHERE mobile IS NOT NULL AND parent_user_id IS NULL;

-- devise_token_auth "tokens" column, one row per client (device).
CREATE TABLE auth_tokens (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  client text NOT NULL,
  token_hash text NOT NULL,
  last_token_hash text,
  expiry bigint NOT NULL,
  updated_at_ms bigint NOT NULL,
  revoked_at timestamptz,
  revoke_reason text,
  device_info jsonb,
  UNIQUE (user_id, client)
);

CREATE TABLE clinics (
  id serial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name text NOT NULL
);
CREATE TABLE clinic_centres (
  id serial PRIMARY KEY,
  clinic_id integer NOT NULL REFERENCES clinics(id),
  centre_name text NOT NULL,
  address text NOT NULL DEFAULT ''
);

CREATE TABLE providers (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  firstname text NOT NULL,
  lastname text NOT NULL,
  roles jsonb NOT NULL,
  gender text NOT NULL,
  languages jsonb NOT NULL,
  price_tier integer NOT NULL,
  concerns jsonb NOT NULL,
  currency text NOT NULL,
  online_offering jsonb,
  offline_offering jsonb,
  commercials jsonb,
  clinic_centre_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
  bio text NOT NULL DEFAULT '',
  experience_years integer NOT NULL DEFAULT 1,
  timezone text NOT NULL DEFAULT 'Asia/Kolkata',
  work_days jsonb NOT NULL DEFAULT '[1,2,3,4,5,6]'::jsonb,
  work_start_hour integer NOT NULL DEFAULT 10,
  work_end_hour integer NOT NULL DEFAULT 18,
  is_support_provider boolean NOT NULL DEFAULT false
);

CREATE TABLE bookings (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  user_id integer NOT NULL REFERENCES users(id),
  provider_id integer NOT NULL REFERENCES providers(id),
  start_time timestamptz NOT NULL,
  end_time timestamptz NOT NULL,
  mode text NOT NULL,
  session_type text NOT NULL DEFAULT 'individual',
  status text NOT NULL,
  fee integer NOT NULL DEFAULT 0,
  currency text NOT NULL DEFAULT 'INR',
  clinic_centre_id integer REFERENCES clinic_centres(id),
  cancel_reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bookings_user_idx ON bookings (user_id, status, start_time);
CREATE UNIQUE INDEX bookings_slot_idx ON bookings (provider_id, start_time) WHERE status IN ('pending', 'confirmed');

CREATE TABLE user_providers (
  user_id integer NOT NULL REFERENCES users(id),
  provider_id integer NOT NULL REFERENCES providers(id),
  provider_type text NOT NULL,
  PRIMARY KEY (user_id, provider_id)
);

CREATE TABLE consents (
  user_id integer PRIMARY KEY REFERENCES users(id),
  is_tnc_checked boolean NOT NULL DEFAULT false,
  is_privacy_policy_checked boolean NOT NULL DEFAULT false,
  is_eighteen_plus_checked boolean NOT NULL DEFAULT false,
  privacy_policy_consent_status text NOT NULL DEFAULT 'unaccepted',
  privacy_policy_method_type text,
  privacy_policy_type text,
  ai_consent boolean,
  is_ai_consent_modal_viewed boolean NOT NULL DEFAULT false,
  is_ai_consent_chip_viewed boolean NOT NULL DEFAULT false
);

CREATE TABLE user_configs (
  user_id integer NOT NULL REFERENCES users(id),
  config_key text NOT NULL,
  status boolean NOT NULL,
  PRIMARY KEY (user_id, config_key)
);

CREATE TABLE matching_filters (
  user_id integer NOT NULL REFERENCES users(id),
  type text NOT NULL,
  filter jsonb NOT NULL DEFAULT '{}'::jsonb,
  all_matched_providers jsonb NOT NULL DEFAULT '[]'::jsonb,
  recently_matched_providers jsonb NOT NULL DEFAULT '[]'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, type)
);

CREATE TABLE assessments (
  slug text PRIMARY KEY,
  title text NOT NULL,
  assessment_type text NOT NULL,
  description text NOT NULL,
  questions jsonb NOT NULL
);
CREATE TABLE assessment_responses (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  slug text NOT NULL REFERENCES assessments(slug),
  answers jsonb NOT NULL,
  score integer NOT NULL,
  severity text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE nps_responses (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  score integer NOT NULL,
  comment text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE session_feedback (
  id serial PRIMARY KEY,
  booking_id integer NOT NULL UNIQUE REFERENCES bookings(id),
  user_id integer NOT NULL REFERENCES users(id),
  rating integer NOT NULL,
  comment text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE journal_entries (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  user_id integer NOT NULL REFERENCES users(id),
  title text NOT NULL,
  body text NOT NULL,
  mood text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE care_tools (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  title text NOT NULL,
  category text NOT NULL,
  duration_minutes integer NOT NULL,
  description text NOT NULL
);
CREATE TABLE communities (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  description text NOT NULL,
  member_count integer NOT NULL
);

CREATE TABLE nudges (
  user_id integer NOT NULL REFERENCES users(id),
  section text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  cta text,
  dismissed boolean NOT NULL DEFAULT false,
  PRIMARY KEY (user_id, section)
);

CREATE TABLE feature_flags (
  name text PRIMARY KEY,
  enabled boolean NOT NULL,
  description text NOT NULL DEFAULT ''
);

CREATE TABLE outbox (
  id serial PRIMARY KEY,
  channel text NOT NULL,
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  code text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_recipient_idx ON outbox (recipient);

CREATE TABLE otp_codes (
  id serial PRIMARY KEY,
  channel text NOT NULL,
  destination text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);

CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE telemetry_events (
  id serial PRIMARY KEY,
  name text NOT NULL,
  properties jsonb NOT NULL DEFAULT '{}'::jsonb,
  user_id integer,
  anonymous_id text,
  client_timestamp bigint,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX telemetry_name_idx ON telemetry_events (name);
