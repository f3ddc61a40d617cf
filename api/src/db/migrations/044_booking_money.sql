-- The price a booking was made at (the shared price rule: its list price and lines), fixed when it is
-- created and re-priced only by a reschedule or the one coupon; every payment, invoice and refund
-- derives from it. A booking made before has its fee as its list price (read as COALESCE(list_price, fee)).
ALTER TABLE bookings ADD COLUMN list_price integer;
ALTER TABLE bookings ADD COLUMN price_lines jsonb;
ALTER TABLE bookings ADD COLUMN completed_at timestamptz;
-- The end-of-session sweep finds confirmed bookings that have ended.
CREATE INDEX bookings_end_idx ON bookings (end_time) WHERE status = 'confirmed';

-- Coupon rules: first paid session of the account only, per-account and global limits.
ALTER TABLE coupons ADD COLUMN first_session_only boolean NOT NULL DEFAULT false;
ALTER TABLE coupons ADD COLUMN per_account_limit integer;
ALTER TABLE coupons ADD COLUMN global_limit integer;
ALTER TABLE coupons ADD COLUMN redeemed integer NOT NULL DEFAULT 0;
-- One coupon per booking (the primary key), recorded when it is applied.
CREATE TABLE coupon_redemptions (
  booking_id integer PRIMARY KEY REFERENCES bookings(id),
  code text NOT NULL REFERENCES coupons(code),
  account_id integer NOT NULL REFERENCES users(id),
  amount integer NOT NULL,
  currency text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX coupon_redemptions_account_idx ON coupon_redemptions (account_id, code);

-- A refund is asked of the gateway once, under this key (its idempotency key).
ALTER TABLE payment_refunds ADD COLUMN idempotency_key text;
-- A refund is reserved (requested) before the gateway is asked, so two cancellations never ask twice.
ALTER TABLE payment_refunds DROP CONSTRAINT payment_refunds_status_check;
ALTER TABLE payment_refunds ADD CONSTRAINT payment_refunds_status_check CHECK (status IN ('requested', 'processed', 'failed'));
