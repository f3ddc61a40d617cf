-- One identity per full phone number, proofs of e-mail and mobile, stored rate limits and
-- lockouts, single-use partner token ids, sessions that end everywhere.

-- Phones: country code and national number as digits only, no trunk 0, then one E.164 column that
-- every lookup and the uniqueness check use. (New numbers are normalised by libphonenumber-js in
-- api/src/lib/users.ts before they are stored.)
DROP INDEX users_mobile_idx;
UPDATE users SET country_code = regexp_replace(country_code, '\D', '', 'g');
UPDATE users SET mobile = NULLIF(ltrim(regexp_replace(mobile, '\D', '', 'g'), '0'), '') WHERE mobile IS NOT NULL;
-- Two rows that were one number written two ways: a verified row keeps it over an unverified one,
-- then the older over the newer; the others lose the number (they can add it again and prove it).
UPDATE users u SET mobile = NULL
 WHERE u.mobile IS NOT NULL AND u.parent_user_id IS NULL
   AND EXISTS (SELECT 1 FROM users o WHERE o.parent_user_id IS NULL AND o.country_code = u.country_code AND o.mobile = u.mobile AND o.id <> u.id
                 AND (o.is_verified, -o.id) > (u.is_verified, -u.id));
ALTER TABLE users ADD COLUMN phone_e164 text GENERATED ALWAYS AS (CASE WHEN mobile IS NULL THEN NULL ELSE '+' || country_code || mobile END) STORED;
CREATE UNIQUE INDEX users_phone_e164_idx ON users (phone_e164) WHERE phone_e164 IS NOT NULL AND parent_user_id IS NULL;

-- Proof before trust: when the e-mail and the mobile were proven (code, link, Google, partner).
-- Existing verified accounts count as proven.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
ALTER TABLE users ADD COLUMN mobile_verified_at timestamptz;
UPDATE users SET email_verified_at = now() WHERE email IS NOT NULL AND is_verified;
UPDATE users SET mobile_verified_at = now() WHERE mobile IS NOT NULL AND is_verified;
-- Realtime-database refresh tokens issued before this instant are refused (logout everywhere,
-- password reset or change).
ALTER TABLE users ADD COLUMN firebase_tokens_valid_after_ms bigint NOT NULL DEFAULT 0;

-- Rate limits: one row per counted event, counted over sliding windows (api/src/lib/limits.ts).
CREATE TABLE rate_events (
  id bigserial PRIMARY KEY,
  bucket text NOT NULL,
  key text NOT NULL,
  at_ms bigint NOT NULL
);
CREATE INDEX rate_events_key_idx ON rate_events (bucket, key, at_ms);
CREATE INDEX rate_events_at_idx ON rate_events (at_ms);

-- Lockouts: failed attempts in a row per key, and the lock that grows with each lockout.
CREATE TABLE lockouts (
  bucket text NOT NULL,
  key text NOT NULL,
  failures integer NOT NULL DEFAULT 0,
  lock_count integer NOT NULL DEFAULT 0,
  locked_until_ms bigint NOT NULL DEFAULT 0,
  updated_ms bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (bucket, key)
);

-- Single-use ids (jti) of partner JWTs, kept until the token would have expired anyway.
CREATE TABLE used_token_ids (
  jti text PRIMARY KEY,
  expires_at_ms bigint NOT NULL
);

-- Reset tokens: a newer one voids the older ones.
CREATE INDEX password_resets_user_idx ON password_resets (user_id) WHERE used_at IS NULL;
