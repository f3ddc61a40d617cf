-- The log-in of a provider: the user who is this provider (at most one, one provider per user). What a
-- provider does to a session (marking a no-show) is allowed to that user only.
ALTER TABLE providers ADD COLUMN user_id integer UNIQUE REFERENCES users(id);
