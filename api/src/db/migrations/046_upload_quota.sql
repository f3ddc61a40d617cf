-- Bytes uploaded per account (the parent and its profiles together), for the hourly upload budget.
-- A row is reserved with the announced size before the bytes are read and set to the real size after;
-- deleting a document gives nothing back (upload, delete, upload again is still counted).
CREATE TABLE upload_log (
  id bigserial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  at_ms bigint NOT NULL
);
CREATE INDEX upload_log_account_idx ON upload_log (account_id, at_ms);
