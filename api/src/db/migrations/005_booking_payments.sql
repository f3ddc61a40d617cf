-- Temporary transactions (product rules, Calls to the api): one per payment attempt of a pending booking.
CREATE TABLE payment_transactions (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  booking_id integer NOT NULL REFERENCES bookings(id),
  user_id integer NOT NULL REFERENCES users(id),
  amount integer NOT NULL,
  currency text NOT NULL,
  gateway text NOT NULL,
  status text NOT NULL DEFAULT 'created',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_transactions_booking_idx ON payment_transactions (booking_id);
