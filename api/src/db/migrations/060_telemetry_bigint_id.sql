-- Telemetry events arrive all day and their ids are never reused (pruned rows keep their numbers used):
-- a 32-bit serial runs out after about 2.1 billion events over the table's life. The id and its sequence
-- become 64-bit (the sequence's maximum follows its type).
ALTER TABLE telemetry_events ALTER COLUMN id TYPE bigint;
ALTER SEQUENCE telemetry_events_id_seq AS bigint;
