-- Coupons (product rules, Providers and fees: coupon list, validate, apply): a percentage or an amount off one session.
CREATE TABLE coupons (
  code text PRIMARY KEY,
  description text NOT NULL,
  discount_percentage integer,
  discount_amount integer,
  currency text,
  is_public boolean NOT NULL DEFAULT true,
  active boolean NOT NULL DEFAULT true
);
ALTER TABLE payment_transactions ADD COLUMN coupon_code text REFERENCES coupons(code);
