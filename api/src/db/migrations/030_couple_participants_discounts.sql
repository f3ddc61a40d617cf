-- The couple partner of a booking (product rules, Partners and business users: "booking participants"), and the
-- discounts a provider's schedule gives on some hours (product rules, Providers and fees: "schedule discounts").
CREATE TABLE booking_participants (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  booking_id integer NOT NULL UNIQUE REFERENCES bookings(id),
  name text NOT NULL,
  -- lower-cased e-mail and/or E.164 number: at least one, so the partner can be invited
  email text,
  mobile text,
  invited_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (email IS NOT NULL OR mobile IS NOT NULL)
);

-- Hours of a provider's week (in the provider's own time zone) booked at a lower fee.
CREATE TABLE provider_schedule_discounts (
  id serial PRIMARY KEY,
  provider_id integer NOT NULL REFERENCES providers(id),
  -- ISO weekdays (1 = Monday) the discount applies on
  weekdays jsonb NOT NULL DEFAULT '[1,2,3,4,5,6,7]',
  start_hour integer NOT NULL CHECK (start_hour BETWEEN 0 AND 23),
  end_hour integer NOT NULL CHECK (end_hour BETWEEN 1 AND 24),
  percent integer NOT NULL CHECK (percent > 0 AND percent < 100),
  label text NOT NULL,
  CHECK (end_hour > start_hour)
);
CREATE INDEX provider_schedule_discounts_provider_idx ON provider_schedule_discounts (provider_id);

-- The discount a booking was priced with (0: none), so the session detail can say so.
ALTER TABLE bookings ADD COLUMN discount_percent integer NOT NULL DEFAULT 0;
