-- The patient's location as the booking pages last priced with it (the zone the location service
-- answered for): the api charges in the currency that location decides, and the coupon check and a
-- booking made without it read it back. NULL: never sent; the chosen time zone, else India, decides.
ALTER TABLE users ADD COLUMN location_timezone text;
