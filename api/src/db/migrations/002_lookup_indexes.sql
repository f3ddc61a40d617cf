-- Every authenticated request looks its credentials up by client; profiles by parent.
CREATE INDEX auth_tokens_client_idx ON auth_tokens (client);
CREATE INDEX users_parent_idx ON users (parent_user_id) WHERE parent_user_id IS NOT NULL;
CREATE INDEX telemetry_received_idx ON telemetry_events (received_at);
