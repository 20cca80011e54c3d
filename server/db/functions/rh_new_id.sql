-- A time-ordered UUID (version 7) made in the database, as server/db/ids.ts makes them in Node.
-- Used by the money functions for the rows they insert.
CREATE OR REPLACE FUNCTION rh_new_id() RETURNS uuid
LANGUAGE sql VOLATILE AS $$
  SELECT encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid())
        PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
        FROM 1 FOR 6),
      52, 1), 53, 1),
    'hex')::uuid
$$;
