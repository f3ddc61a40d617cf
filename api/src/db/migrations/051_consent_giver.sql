-- Who gave a profile's consents: the signed-in account holder (for a child's profile, its parent or
-- guardian, for the child), and, for a child's profile, the parent's or guardian's confirmation that
-- stands where an adult's "18 or older" mark would.
ALTER TABLE consents ADD COLUMN given_by_user_id integer REFERENCES users(id);
ALTER TABLE consents ADD COLUMN guardian_consent_at timestamptz;
