-- Keeps ticket_counter (scope x status -> n) exact in the same transaction as every
-- ticket change, so list totals and the new/closed counters never count the table.
-- Statement-level triggers with transition tables: a bulk INSERT ... SELECT of a
-- million rows adds one grouped delta instead of a million row-by-row updates.
-- Rows are upserted in key order so concurrent transactions lock them in one order
-- (no deadlocks). See docs/decisions/020-ticket-counters.md.

CREATE FUNCTION ticket_counter_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ticket_counter (scope_key, status_code, n)
  SELECT k, s, count(*) FROM (
    SELECT 'all' AS k, status_code AS s FROM new_rows
    UNION ALL SELECT 'r:' || reporter_id, status_code FROM new_rows WHERE reporter_id IS NOT NULL
    UNION ALL SELECT 'a:' || assigned_to_id, status_code FROM new_rows WHERE assigned_to_id IS NOT NULL
  ) x
  GROUP BY k, s ORDER BY k, s
  ON CONFLICT (scope_key, status_code) DO UPDATE SET n = ticket_counter.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION ticket_counter_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The net change per scope and status: edits that touch neither the status, the
  -- reporter nor the assignee add up to zero and write nothing.
  INSERT INTO ticket_counter (scope_key, status_code, n)
  SELECT k, s, sum(d) FROM (
    SELECT 'all' AS k, status_code AS s, 1 AS d FROM new_rows
    UNION ALL SELECT 'r:' || reporter_id, status_code, 1 FROM new_rows WHERE reporter_id IS NOT NULL
    UNION ALL SELECT 'a:' || assigned_to_id, status_code, 1 FROM new_rows WHERE assigned_to_id IS NOT NULL
    UNION ALL SELECT 'all', status_code, -1 FROM old_rows
    UNION ALL SELECT 'r:' || reporter_id, status_code, -1 FROM old_rows WHERE reporter_id IS NOT NULL
    UNION ALL SELECT 'a:' || assigned_to_id, status_code, -1 FROM old_rows WHERE assigned_to_id IS NOT NULL
  ) x
  GROUP BY k, s HAVING sum(d) <> 0 ORDER BY k, s
  ON CONFLICT (scope_key, status_code) DO UPDATE SET n = ticket_counter.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION ticket_counter_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ticket_counter (scope_key, status_code, n)
  SELECT k, s, -count(*) FROM (
    SELECT 'all' AS k, status_code AS s FROM old_rows
    UNION ALL SELECT 'r:' || reporter_id, status_code FROM old_rows WHERE reporter_id IS NOT NULL
    UNION ALL SELECT 'a:' || assigned_to_id, status_code FROM old_rows WHERE assigned_to_id IS NOT NULL
  ) x
  GROUP BY k, s ORDER BY k, s
  ON CONFLICT (scope_key, status_code) DO UPDATE SET n = ticket_counter.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ticket_counter_insert AFTER INSERT ON ticket
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ticket_counter_after_insert();
--> statement-breakpoint
CREATE TRIGGER ticket_counter_update AFTER UPDATE ON ticket
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ticket_counter_after_update();
--> statement-breakpoint
CREATE TRIGGER ticket_counter_delete AFTER DELETE ON ticket
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ticket_counter_after_delete();
--> statement-breakpoint
CREATE FUNCTION ticket_counter_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ticket_counter;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ticket_counter_truncate AFTER TRUNCATE ON ticket
  FOR EACH STATEMENT EXECUTE FUNCTION ticket_counter_after_truncate();
--> statement-breakpoint
-- Tickets that exist already (a data folder from before this migration).
INSERT INTO ticket_counter (scope_key, status_code, n)
SELECT k, s, count(*) FROM (
  SELECT 'all' AS k, status_code AS s FROM ticket
  UNION ALL SELECT 'r:' || reporter_id, status_code FROM ticket WHERE reporter_id IS NOT NULL
  UNION ALL SELECT 'a:' || assigned_to_id, status_code FROM ticket WHERE assigned_to_id IS NOT NULL
) x
GROUP BY k, s;
