-- Package credits as ledger rows: +1 when a credit confirms a booking, -1 when that booking is cancelled
-- and the credit comes back. What an account has spent of its package is the sum of its rows (the parent
-- and all its profiles are one account). One spend and one return per booking at most.
CREATE TABLE package_credit_uses (
  id serial PRIMARY KEY,
  booking_id integer NOT NULL REFERENCES bookings(id),
  account_id integer NOT NULL REFERENCES users(id),
  org_package_id integer NOT NULL REFERENCES org_packages(id),
  credits integer NOT NULL CHECK (credits IN (1, -1)),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (booking_id, credits)
);
CREATE INDEX package_credit_uses_account_idx ON package_credit_uses (account_id, org_package_id);

-- The credits spent before: a booking a package confirmed, and given back when it was cancelled.
INSERT INTO package_credit_uses (booking_id, account_id, org_package_id, credits)
  SELECT b.id, COALESCE(u.parent_user_id, u.id), b.org_package_id, 1 FROM bookings b JOIN users u ON u.id = b.user_id
   WHERE b.org_package_id IS NOT NULL AND b.status IN ('confirmed', 'completed', 'no_show', 'cancelled');
INSERT INTO package_credit_uses (booking_id, account_id, org_package_id, credits)
  SELECT b.id, COALESCE(u.parent_user_id, u.id), b.org_package_id, -1 FROM bookings b JOIN users u ON u.id = b.user_id
   WHERE b.org_package_id IS NOT NULL AND b.status = 'cancelled';
