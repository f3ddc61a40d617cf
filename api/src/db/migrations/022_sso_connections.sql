-- Employer SSO. One OpenID provider per e-mail domain of an organisation: its issuer, the
-- client id we are registered under there, and where its signing keys are published. A connection
-- without jwks_uri is the api's own development provider (refused in production).
CREATE TABLE sso_connections (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  organisation_id integer NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  domain text NOT NULL UNIQUE CHECK (domain = lower(domain)),
  issuer text NOT NULL,
  client_id text NOT NULL,
  jwks_uri text,
  dev_slug text UNIQUE
);
