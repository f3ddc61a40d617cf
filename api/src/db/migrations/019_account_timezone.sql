-- Issue 13: the time zone a patient chose on their profile (IANA name); null means "use the browser's".
ALTER TABLE users ADD COLUMN timezone text;
