-- The outbox becomes a transactional outbox: a message is written with the change that causes it, and a
-- dispatcher sends it once committed (e-mail over SMTP, SMS and WhatsApp over the provider's HTTP api),
-- retrying with a lease so that two api processes never send one message twice at once. Rows written
-- before delivery existed are marked 'held' (never sent late).
ALTER TABLE outbox
  ADD COLUMN status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'held')),
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN sent_at timestamptz,
  ADD COLUMN provider_id text,
  ADD COLUMN last_error text;
UPDATE outbox SET status = 'held';
CREATE INDEX outbox_pending_idx ON outbox (next_attempt_at) WHERE status = 'pending';
