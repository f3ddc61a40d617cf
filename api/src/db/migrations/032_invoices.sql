-- Invoices for paid sessions and credit notes for refunded ones. A number is taken from its
-- series (INV-2026, CN-2026: the Indian financial year) in the transaction that issues the document,
-- so a rolled-back issue takes no number and a committed one is never given again. Documents are never
-- deleted or renumbered (a closed account keeps them: tax records outlive the account).
CREATE TABLE invoice_series (
  series text PRIMARY KEY,
  last_number integer NOT NULL
);

-- A refund of a paid transaction (a paid session cancelled before it starts): full amount, once.
CREATE TABLE payment_refunds (
  id serial PRIMARY KEY,
  transaction_id integer NOT NULL UNIQUE REFERENCES payment_transactions(id),
  amount integer NOT NULL,
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('processed', 'failed')),
  gateway_refund_id text,
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE invoices (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
  series text NOT NULL,
  seq integer NOT NULL,
  number text NOT NULL UNIQUE,
  booking_id integer NOT NULL REFERENCES bookings(id),
  transaction_id integer NOT NULL REFERENCES payment_transactions(id),
  refund_id integer UNIQUE REFERENCES payment_refunds(id),
  -- A credit note names the invoice it cancels.
  invoice_id integer REFERENCES invoices(id),
  amount integer NOT NULL,
  currency text NOT NULL,
  -- What the document shows (patient, billing details, provider, session, payment), fixed at issue.
  details jsonb NOT NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (series, seq),
  UNIQUE (transaction_id, kind),
  CHECK ((kind = 'invoice') = (invoice_id IS NULL))
);
CREATE INDEX invoices_booking_idx ON invoices (booking_id);

-- The gateway's payment id (production), the payment reference on the invoice and what a refund names.
ALTER TABLE payment_transactions ADD COLUMN gateway_payment_id text;
