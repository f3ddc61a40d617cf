-- One active entry per patient and provider (or role), an offered time
-- held until offer_expires_at (api/src/config/waitlist.ts), and `lapsed` for an offer not taken in time.
ALTER TABLE waitlists ADD COLUMN offer_expires_at timestamptz;
UPDATE waitlists SET offer_expires_at = offered_at + interval '60 minutes' WHERE status = 'offered';

ALTER TABLE waitlists DROP CONSTRAINT waitlists_status_check;
ALTER TABLE waitlists ADD CONSTRAINT waitlists_status_check CHECK (status IN ('waiting', 'offered', 'booked', 'left', 'lapsed'));

-- Double joins made before this migration: the oldest stays, the others are left.
UPDATE waitlists w SET status = 'left'
  WHERE w.status IN ('waiting', 'offered') AND EXISTS (
    SELECT 1 FROM waitlists o WHERE o.user_id = w.user_id AND o.provider_id IS NOT DISTINCT FROM w.provider_id
      AND o.role IS NOT DISTINCT FROM w.role AND o.status IN ('waiting', 'offered') AND o.id < w.id);
CREATE UNIQUE INDEX waitlists_one_active_provider ON waitlists (user_id, provider_id) WHERE status IN ('waiting', 'offered') AND provider_id IS NOT NULL;
CREATE UNIQUE INDEX waitlists_one_active_role ON waitlists (user_id, role) WHERE status IN ('waiting', 'offered') AND role IS NOT NULL;
CREATE INDEX waitlists_offer_expiry_idx ON waitlists (offer_expires_at) WHERE status = 'offered';
