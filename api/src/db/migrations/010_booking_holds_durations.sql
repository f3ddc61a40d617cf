-- A pending booking made for paying holds its slot until hold_until (api/src/config/booking.ts,
-- PAYMENT_HOLD_MINUTES); NULL for pending bookings that wait for something other than a payment.
ALTER TABLE bookings ADD COLUMN hold_until timestamptz;
CREATE INDEX bookings_hold_idx ON bookings (hold_until) WHERE status = 'pending' AND hold_until IS NOT NULL;
-- Product rules, Providers and fees: "offered durations": the session lengths (minutes) a provider offers; a booking keeps its own.
ALTER TABLE providers ADD COLUMN offered_durations jsonb NOT NULL DEFAULT '[50]';
ALTER TABLE bookings ADD COLUMN duration_minutes integer NOT NULL DEFAULT 50;
