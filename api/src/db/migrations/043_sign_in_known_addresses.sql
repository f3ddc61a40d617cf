-- Client addresses from which an account signed in with its password: an account locked after failures
-- from elsewhere still lets its owner in from an address it used before (the lock holds strangers).
CREATE TABLE sign_in_known_addresses (
  email text NOT NULL,
  address text NOT NULL,
  at_ms bigint NOT NULL,
  PRIMARY KEY (email, address)
);
CREATE INDEX sign_in_known_addresses_at_idx ON sign_in_known_addresses (at_ms);
