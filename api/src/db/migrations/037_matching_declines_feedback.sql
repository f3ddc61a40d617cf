-- A patient's "not a fit" for a provider (never
-- suggested to them again while it stands) and their rating of a set of matches, with the providers
-- they marked as a good or poor fit. The matching ranks with both (api/src/lib/match-rank.ts).
CREATE TABLE provider_declines (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  user_id integer NOT NULL REFERENCES users(id),
  provider_id integer NOT NULL REFERENCES providers(id),
  reason text NOT NULL,
  comment text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, provider_id)
);

CREATE TABLE matching_feedback (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  user_id integer NOT NULL REFERENCES users(id),
  provider_type text NOT NULL,
  rating integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX matching_feedback_user_idx ON matching_feedback (user_id, created_at DESC);

-- The providers one feedback marked, as given.
CREATE TABLE matching_feedback_providers (
  feedback_id integer NOT NULL REFERENCES matching_feedback(id),
  provider_id integer NOT NULL REFERENCES providers(id),
  fit text NOT NULL CHECK (fit IN ('good', 'poor')),
  PRIMARY KEY (feedback_id, provider_id)
);

-- The latest fit a patient gave each provider (one row per patient and provider).
CREATE TABLE matching_provider_fits (
  user_id integer NOT NULL REFERENCES users(id),
  provider_id integer NOT NULL REFERENCES providers(id),
  fit text NOT NULL CHECK (fit IN ('good', 'poor')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, provider_id)
);

-- A patient's message to a care coordinator, who answers by call
-- or e-mail (the coordinator's side is their own tool; the patient gets an acknowledgement).
CREATE TABLE care_coordinator_requests (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  user_id integer NOT NULL REFERENCES users(id),
  provider_id integer NOT NULL REFERENCES providers(id),
  topic text NOT NULL CHECK (topic IN ('finding_care', 'booking', 'payments', 'other')),
  message text NOT NULL,
  contact_by text NOT NULL CHECK (contact_by IN ('call', 'email')),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX care_coordinator_requests_user_idx ON care_coordinator_requests (user_id, created_at DESC);
