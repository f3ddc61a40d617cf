-- Waitlists for a provider or a role, the slots a provider adds outside their
-- working hours, and in-app notifications (a waitlist offer is one).
CREATE TABLE provider_extra_slots (
  provider_id integer NOT NULL REFERENCES providers(id),
  start_time timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider_id, start_time)
);

CREATE TABLE waitlists (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  user_id integer NOT NULL REFERENCES users(id),
  -- exactly one of provider_id and role
  provider_id integer REFERENCES providers(id),
  role text,
  range_start timestamptz NOT NULL,
  range_end timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'waiting',
  offered_provider_id integer REFERENCES providers(id),
  offered_start timestamptz,
  offered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((provider_id IS NULL) <> (role IS NULL)),
  CHECK (range_end > range_start),
  CHECK (status IN ('waiting', 'offered', 'booked', 'left'))
);
CREATE INDEX waitlists_user_idx ON waitlists (user_id, status);
CREATE INDEX waitlists_waiting_idx ON waitlists (status, provider_id, role, created_at);

CREATE TABLE notifications (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  user_id integer NOT NULL REFERENCES users(id),
  kind text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  link text,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC);
