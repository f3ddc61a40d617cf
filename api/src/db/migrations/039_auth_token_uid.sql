-- The uid a device was given at sign-in (devise's uid header: the e-mail, else the uuid). The device is
-- checked against it, not against the person's current e-mail, so changing the e-mail does not sign
-- out the devices signed in before (product rules, Session loss: ends sessions only on 401 or a device logged out). Left
-- nullable: a row without one (written by a process older than this) is checked as before.
ALTER TABLE auth_tokens ADD COLUMN uid text;
UPDATE auth_tokens t SET uid = COALESCE(u.email, u.uuid::text) FROM users u WHERE u.id = t.user_id;
