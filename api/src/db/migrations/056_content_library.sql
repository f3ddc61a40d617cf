-- The content library: blogs, videos, webinars, resources, spotlight stories and support kits, read by
-- anyone, and webinar registrations (one per person and webinar; a webinar may have a limited number of
-- seats, counted in seats_taken so two people cannot take the last seat at once).
CREATE TABLE content_items (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('blogs', 'videos', 'webinars', 'resources', 'spotlight', 'support_kits')),
  slug text NOT NULL,
  title text NOT NULL,
  summary text NOT NULL,
  topic text NOT NULL,
  author text NOT NULL,
  -- Reading time, or running time for a video or webinar.
  minutes integer NOT NULL CHECK (minutes > 0),
  -- Paragraphs of the article, transcript or description, in order.
  body jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- A support kit's steps, in order: [{title, detail}] ([] for every other kind).
  steps jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- A file on the asset host (null: none, e.g. a video shown by its transcript).
  media_url text,
  starts_at timestamptz,
  seats integer CHECK (seats IS NULL OR seats > 0),
  seats_taken integer NOT NULL DEFAULT 0,
  published_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, slug),
  CHECK (seats IS NULL OR seats_taken <= seats),
  CHECK ((kind = 'webinars') = (starts_at IS NOT NULL))
);
CREATE INDEX content_items_kind_topic_idx ON content_items (kind, topic, published_at DESC);

CREATE TABLE webinar_registrations (
  content_id integer NOT NULL REFERENCES content_items(id),
  user_id integer NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (content_id, user_id)
);
