-- Session room: the provider's room link for a booking. Issuing a new link voids the
-- older one (the link token names this link_id); the patient gets in with their own credentials.
CREATE TABLE session_room_links (
  booking_id integer PRIMARY KEY REFERENCES bookings(id),
  link_id uuid NOT NULL DEFAULT gen_random_uuid(),
  issued_at timestamptz NOT NULL DEFAULT now()
);
