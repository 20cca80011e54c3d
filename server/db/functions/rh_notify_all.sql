-- Notifications for several people in one INSERT (arrays of the same length; a null user is
-- skipped).
-- Called by server/notifications/notifications.service.ts and the money functions.
CREATE OR REPLACE FUNCTION rh_notify_all(p_users uuid[], p_kinds text[], p_titles text[], p_bodies text[], p_at timestamptz) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF coalesce(array_length(p_users, 1), 0) = 0 THEN RETURN; END IF;
  INSERT INTO notifications (id, user_id, kind, title, body, created_at)
  SELECT rh_new_id(), n.u, n.k, n.t, n.b, p_at FROM unnest(p_users, p_kinds, p_titles, p_bodies) AS n(u, k, t, b) WHERE n.u IS NOT NULL;
END;
$$;
