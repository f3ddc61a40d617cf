-- Treatment plans: written by the patient's provider (goals, interventions, a review date), read by
-- the patient alone.
CREATE TABLE treatment_plans (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider_id integer NOT NULL REFERENCES providers(id),
  title text NOT NULL,
  summary text NOT NULL,
  goals jsonb NOT NULL DEFAULT '[]',
  interventions jsonb NOT NULL DEFAULT '[]',
  review_date date NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('draft', 'active', 'completed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX treatment_plans_user_idx ON treatment_plans (user_id, status);

-- Session start: when the patient started the session from the room (the first time only).
ALTER TABLE bookings ADD COLUMN session_started_at timestamptz;

-- A child's profile is activated for children-first care by its parent or guardian (with their
-- consent) before it can book a children-first session.
CREATE TABLE cf_activations (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  activated_by integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  activated_at timestamptz NOT NULL DEFAULT now()
);
