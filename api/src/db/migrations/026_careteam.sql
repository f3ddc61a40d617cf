-- The providers a patient saved, and the testimonials a
-- public profile shows. A testimonial carries a label (never a patient's name or contact).
CREATE TABLE saved_providers (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider_id integer NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
  saved_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, provider_id)
);

CREATE TABLE provider_testimonials (
  id serial PRIMARY KEY,
  provider_id integer NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
  author_label text NOT NULL,
  body text NOT NULL,
  rating integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
  published_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX provider_testimonials_by_provider ON provider_testimonials (provider_id, published_at DESC);
