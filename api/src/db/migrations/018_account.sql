-- The patient's account. Secondary profiles and added members (both rows under
-- parent_user_id, told apart by member_kind), pending e-mail/phone changes waiting for their code,
-- uploaded documents (the bytes live outside the database, addressed by their SHA-256), closed accounts.
ALTER TABLE users ADD COLUMN member_kind text CHECK (member_kind IN ('profile', 'member'));
UPDATE users SET member_kind = 'profile' WHERE parent_user_id IS NOT NULL;
ALTER TABLE users ADD COLUMN closed_at timestamptz;

-- A new e-mail or number takes effect only when the code sent to it comes back (one pending per kind).
CREATE TABLE contact_changes (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('email', 'phone')),
  destination text NOT NULL,
  country_code text,
  national text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind)
);

CREATE TABLE documents (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('document', 'identity')),
  file_name text NOT NULL,
  content_type text NOT NULL,
  size_bytes bigint NOT NULL,
  sha256 text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX documents_user_idx ON documents (user_id, created_at DESC);
CREATE INDEX documents_sha_idx ON documents (sha256);
