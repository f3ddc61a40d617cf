-- Product rules, Users and roles: provider flow ancillary_assessment: a provider's ancillary assessment offering,
-- booked as its own session type (bookings.session_type = 'ancillary_assessment'), with its own fee
-- per mode (product rules, Providers and fees: the fee rule picks among them) and one fixed length.
CREATE TABLE provider_ancillary_offerings (
  provider_id integer PRIMARY KEY REFERENCES providers(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL,
  duration_minutes integer NOT NULL CHECK (duration_minutes > 0 AND duration_minutes <= 240),
  online_fee numeric,
  offline_fee numeric,
  CHECK (online_fee IS NOT NULL OR offline_fee IS NOT NULL)
);
