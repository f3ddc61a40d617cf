-- The patient's home: care tool steps and the tools a provider assigned, experts' talks and
-- videos (product rules, Validation: video links), and the guided-tour marks (kept in user_configs as '<section>_tour').
ALTER TABLE care_tools ADD COLUMN steps jsonb NOT NULL DEFAULT '[]'::jsonb;

CREATE TABLE care_tool_assignments (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  care_tool_id integer NOT NULL REFERENCES care_tools(id),
  provider_id integer NOT NULL REFERENCES providers(id),
  note text,
  assigned_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, care_tool_id)
);

CREATE TABLE expert_content (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('talk', 'video')),
  title text NOT NULL,
  expert_name text NOT NULL,
  expert_role text NOT NULL,
  description text NOT NULL,
  video_url text NOT NULL,
  duration_minutes integer NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now()
);
