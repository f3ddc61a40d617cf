-- A secondary-profile token names the device session it was issued to and the session's profile
-- generation then: it stops working when that session ends, and when the session ends acting as the
-- profile (the generation is raised).
ALTER TABLE auth_tokens ADD COLUMN profile_generation integer NOT NULL DEFAULT 0;
