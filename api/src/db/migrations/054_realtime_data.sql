-- The local realtime database's data, kept in the product database so that neither a crash of the
-- realtime process nor a restart of the api empties it: one row, the whole tree as the realtime server
-- last reported it (saved a moment after each change).
CREATE TABLE realtime_data (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  data jsonb NOT NULL,
  saved_at timestamptz NOT NULL DEFAULT now()
);
