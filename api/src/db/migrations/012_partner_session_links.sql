-- Partner hand-off (docs/partner-handoff.md): the session a signed-in employee starts on their
-- company's subdomain is linked to the main-site session that handed it over, so logging out either
-- ends both. One link id per linked pair (or chain); null for every ordinary session.
ALTER TABLE auth_tokens ADD COLUMN session_link text;
CREATE INDEX auth_tokens_session_link ON auth_tokens (session_link) WHERE session_link IS NOT NULL;
