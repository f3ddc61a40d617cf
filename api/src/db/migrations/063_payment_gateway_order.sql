-- The gateway's webhook names a payment's order, not our transaction: a transaction is found by its
-- gateway order, and one order is one transaction's (the checkout pays the order it was opened with).
CREATE UNIQUE INDEX payment_transactions_gateway_order ON payment_transactions (gateway_order_id) WHERE gateway_order_id IS NOT NULL;
