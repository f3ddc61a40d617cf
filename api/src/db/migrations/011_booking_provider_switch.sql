-- Provider switch (product rules, Providers and fees: "update temp flag"): each switch a patient asks for, with its reason.
CREATE TABLE provider_switches (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  provider_type text NOT NULL,
  from_provider_id integer REFERENCES providers(id),
  to_provider_id integer NOT NULL REFERENCES providers(id),
  switch_reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX provider_switches_user_idx ON provider_switches (user_id, created_at);
-- The real gateway's order for a temporary transaction (production; NULL when simulated).
ALTER TABLE payment_transactions ADD COLUMN gateway_order_id text;
