-- Session extensions: a patient adds a fixed time to an online session that is on. Each has its own
-- payment (a temporary transaction naming the extension) and its own invoice (series EXT), so the
-- session's invoice and credit note stay exactly as they were. At most two per session: a numbered
-- place (seq 1 or 2) that a pending or applied extension holds, so two requests never take the same one.
CREATE TABLE session_extensions (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  booking_id integer NOT NULL REFERENCES bookings(id),
  user_id integer NOT NULL REFERENCES users(id),
  seq integer NOT NULL CHECK (seq BETWEEN 1 AND 2),
  minutes integer NOT NULL CHECK (minutes > 0),
  amount integer NOT NULL CHECK (amount >= 0),
  currency text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'applied', 'cancelled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  applied_at timestamptz
);
CREATE UNIQUE INDEX session_extensions_place_idx ON session_extensions (booking_id, seq) WHERE status <> 'cancelled';

-- What a temporary transaction pays for: the booking (null) or one of its extensions.
ALTER TABLE payment_transactions ADD COLUMN extension_id integer REFERENCES session_extensions(id);

-- The extension's invoice is a third kind of document; only a credit note names an invoice.
ALTER TABLE invoices DROP CONSTRAINT invoices_kind_check;
ALTER TABLE invoices ADD CONSTRAINT invoices_kind_check CHECK (kind IN ('invoice', 'credit_note', 'extension_invoice'));
ALTER TABLE invoices DROP CONSTRAINT invoices_check;
ALTER TABLE invoices ADD CONSTRAINT invoices_names_invoice_check CHECK ((kind = 'credit_note') = (invoice_id IS NOT NULL));
