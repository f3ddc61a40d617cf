-- The outbox retries for hours, then keeps a visible dead letter an operator can resend (scripts/outbox.ts):
-- 'failed' becomes 'dead'; a time-bound message (a one-time code, a reset link) carries when it stops
-- being of use and is recorded 'expired' instead of being sent past it; each row has one Message-ID for
-- every attempt, so a resend after an ambiguous failure is the same message; retrying_since is where the
-- retry horizon starts (the row's creation, or the operator's resend).
ALTER TABLE outbox DROP CONSTRAINT outbox_status_check;
UPDATE outbox SET status = 'dead' WHERE status = 'failed';
ALTER TABLE outbox
  ADD CONSTRAINT outbox_status_check CHECK (status IN ('pending', 'sent', 'dead', 'expired', 'held')),
  ADD COLUMN expires_at timestamptz,
  ADD COLUMN message_id uuid NOT NULL DEFAULT gen_random_uuid(),
  ADD COLUMN retrying_since timestamptz;
UPDATE outbox SET retrying_since = created_at;
ALTER TABLE outbox ALTER COLUMN retrying_since SET NOT NULL, ALTER COLUMN retrying_since SET DEFAULT now();
CREATE UNIQUE INDEX outbox_message_id_idx ON outbox (message_id);
CREATE INDEX outbox_dead_idx ON outbox (id) WHERE status = 'dead';
-- The dispatcher's two orders: time-bound messages newest first, the others oldest first.
CREATE INDEX outbox_pending_codes_idx ON outbox (id DESC) WHERE status = 'pending' AND expires_at IS NOT NULL;
CREATE INDEX outbox_pending_rest_idx ON outbox (id) WHERE status = 'pending' AND expires_at IS NULL;
