-- One-time codes are bound to what they were sent for (sign-in, e-mail change, phone change, PIN reset,
-- account closing): a code is accepted only by the flow that sent it. Codes outstanding when this runs
-- get no purpose any flow asks for, so none of them is accepted (they expire in minutes anyway).
ALTER TABLE otp_codes ADD COLUMN purpose text NOT NULL DEFAULT 'unbound';
ALTER TABLE otp_codes ALTER COLUMN purpose DROP DEFAULT;
CREATE INDEX otp_codes_pending_idx ON otp_codes (destination, purpose) WHERE consumed_at IS NULL;
