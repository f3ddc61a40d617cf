-- A closed profile stops being anyone's profile (parent_user_id is cleared), yet what it used stays counted
-- against the account it belonged to: the account's first paid session, a coupon's per-account uses.
-- former_account_id keeps only that (no name, no identifier).
ALTER TABLE users ADD COLUMN former_account_id integer REFERENCES users(id);
CREATE INDEX users_former_account_idx ON users (former_account_id) WHERE former_account_id IS NOT NULL;
-- Profiles closed before this: their account from the counted rows their bookings left.
UPDATE users u SET former_account_id = c.account_id
  FROM (SELECT b.user_id, min(x.account_id) AS account_id
          FROM bookings b
          JOIN (SELECT booking_id, account_id FROM coupon_redemptions UNION ALL SELECT booking_id, account_id FROM package_credit_uses) x
            ON x.booking_id = b.id
         WHERE x.account_id <> b.user_id
         GROUP BY b.user_id) c
 WHERE u.id = c.user_id AND u.closed_at IS NOT NULL AND u.parent_user_id IS NULL;
