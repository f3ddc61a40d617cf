-- A refund the gateway did not answer is asked again. `attempts` counts the asks (the first one included);
-- `next_attempt_at` is when the refund is due to be asked again: for a requested one, when its ask is
-- presumed lost (the process died before the gateway answered); for a failed one, after a transient failure
-- (a timeout, a network error, a 5xx). NULL: never again (processed, refused, or given up for support).
-- `last_error` says why the last ask failed. Refunds that failed before this migration stay with support
-- (they were logged for a refund by hand, and the reason was not kept).
ALTER TABLE payment_refunds ADD COLUMN attempts integer NOT NULL DEFAULT 1;
ALTER TABLE payment_refunds ADD COLUMN next_attempt_at timestamptz;
ALTER TABLE payment_refunds ADD COLUMN last_error text;
-- A requested refund left by a process that died: due after the longest an ask can take.
UPDATE payment_refunds SET next_attempt_at = created_at + interval '5 minutes' WHERE status = 'requested';
CREATE INDEX payment_refunds_due_idx ON payment_refunds (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
