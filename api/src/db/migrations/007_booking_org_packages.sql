-- Employer-sponsored packages (product rules, Partners and business users: Package): sessions an organisation pays for, per employee.
CREATE TABLE org_packages (
  id serial PRIMARY KEY,
  organisation_id integer NOT NULL REFERENCES organisations(id),
  package_for text NOT NULL,           -- 'therapy' or 'package_coach'
  package_type text NOT NULL,
  package_sub_type text NOT NULL,
  sessions_per_employee integer NOT NULL
);
ALTER TABLE bookings ADD COLUMN org_package_id integer REFERENCES org_packages(id);
