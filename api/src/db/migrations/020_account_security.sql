-- Linked sign-in accounts (Google today; the table takes any provider), the account PIN
-- (stored hashed like a password) and the avatar (a file name in the avatar folder of the asset host;
-- the api answers the full url on the asset host it is configured with).
CREATE TABLE linked_accounts (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider text NOT NULL,
  -- The provider's own id of the person (Google's "sub"): stable when their e-mail changes.
  subject text NOT NULL,
  email text,
  linked_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  UNIQUE (provider, subject)
);
CREATE INDEX linked_accounts_user_idx ON linked_accounts (user_id);

ALTER TABLE users ADD COLUMN pin_hash text;
ALTER TABLE users ADD COLUMN pin_updated_at timestamptz;
ALTER TABLE users ADD COLUMN avatar_file text CHECK (avatar_file ~ '^[A-Za-z0-9_-][A-Za-z0-9._-]*$');
