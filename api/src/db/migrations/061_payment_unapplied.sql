-- A payment the gateway captured (its signature proves it) for something that could no longer be honoured
-- (the session could no longer be extended, the booking's slot was released) is kept as `paid_unapplied`
-- with its gateway payment id, and refunded in full: no invoice, no credit note. The statuses a temporary
-- transaction may take are now listed here.
ALTER TABLE payment_transactions ADD CONSTRAINT payment_transactions_status_check
  CHECK (status IN ('created', 'paid', 'paid_unapplied', 'failed', 'abandoned', 'expired'));
