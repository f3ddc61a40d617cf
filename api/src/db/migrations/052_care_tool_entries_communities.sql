-- Care tools that ask for input keep what the patient writes (only ever theirs, like the journal), and
-- communities can be joined under a community profile (a username of its own, unique whatever its case).
-- The fields a tool asks for ([] for a tool that asks nothing): [{name, label, kind: text | rating, optional?}].
ALTER TABLE care_tools ADD COLUMN input_fields jsonb NOT NULL DEFAULT '[]'::jsonb;

CREATE TABLE care_tool_entries (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  user_id integer NOT NULL REFERENCES users(id),
  care_tool_id integer NOT NULL REFERENCES care_tools(id),
  answers jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX care_tool_entries_user_idx ON care_tool_entries (user_id, care_tool_id);

CREATE TABLE community_profiles (
  user_id integer PRIMARY KEY REFERENCES users(id),
  username text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX community_profiles_username_idx ON community_profiles (lower(username));

CREATE TABLE community_members (
  community_id integer NOT NULL REFERENCES communities(id),
  user_id integer NOT NULL REFERENCES users(id),
  joined_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (community_id, user_id)
);
