-- Referrals, short links, the newsletter and the leads forms. A referral code belongs to one patient; a
-- person who signs up through it is counted once (one row per referred account). Short links resolve to
-- an in-product path only (a path that starts with one slash), never to another host. Newsletter rows
-- are keyed by the lower-cased e-mail; leads keep what the form sent, by kind.
CREATE TABLE referral_codes (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  code text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE referrals (
  referred_user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  referrer_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (referred_user_id <> referrer_user_id)
);
CREATE INDEX referrals_referrer_idx ON referrals (referrer_user_id);
CREATE TABLE short_links (
  code text PRIMARY KEY,
  path text NOT NULL CHECK (path LIKE '/%' AND path NOT LIKE '//%' AND position('\' IN path) = 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE newsletter_subscriptions (
  email text PRIMARY KEY,
  status text NOT NULL CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  unsubscribed_at timestamptz
);
CREATE TABLE leads (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('b2b', 'careers', 'college', 'case_study', 'cf')),
  email text NOT NULL,
  fields jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
