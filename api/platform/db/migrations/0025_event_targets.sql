-- The targets each event was given (issue 37, docs/decisions/179-deadlines-on-the-calendar.md), in milliseconds
-- of its calendar's business time, filled at creation and at a reclassification: a classification's targets
-- may change later and apply only to events created afterwards, so the time an event took is measured, and
-- "in time" judged, against its own. Null: created before calendars (its classification's sla_hours then).
ALTER TABLE "ticket" ADD COLUMN IF NOT EXISTS "first_answer_target_ms" bigint;
--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN IF NOT EXISTS "resolution_target_ms" bigint;
--> statement-breakpoint
-- When the first public comment of staff met the first-answer target (first_response_at is the first change of
-- any kind, decision 021): the service-level report's "answered" and its breaches' "met at" (decision 183).
ALTER TABLE "ticket" ADD COLUMN IF NOT EXISTS "first_answered_at" timestamp with time zone;
