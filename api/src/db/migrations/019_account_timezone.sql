-- The time zone a patient chose on their profile (IANA name); null means "use the browser's".
ALTER TABLE users ADD COLUMN timezone text;

-- One emergency contact per profile, and a parent contact for a profile under 18. Kept per
-- profile (the acting user), deleted with it.
CREATE TABLE profile_contacts (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('emergency', 'parent')),
  name text NOT NULL,
  relation text NOT NULL,
  phone_e164 text NOT NULL,
  country_code text NOT NULL,
  national text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, kind)
);
