-- What a patient reads on a provider's card and profile before choosing: a qualification, the council
-- registration (council and number), their approach in one line, and the portrait's file in the avatar
-- folder of the asset host (NULL: the default avatar).
ALTER TABLE providers ADD COLUMN qualification text;
ALTER TABLE providers ADD COLUMN registration_council text;
ALTER TABLE providers ADD COLUMN registration_number text;
ALTER TABLE providers ADD COLUMN approach text;
ALTER TABLE providers ADD COLUMN avatar_file text;
