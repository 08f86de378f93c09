-- The contract's clock (issue 37, docs/decisions/178-business-time-calendars.md). A calendar says when a
-- deadline's time runs: around the clock, or on business hours (days of the week, one opening span a day,
-- America/Santiago, minus Chile's national holidays), with days the admin closes or opens. Each
-- classification has a calendar and two targets in hours of that calendar: first answer (the first public
-- comment of staff; null: none) and resolution (sla_hours, as before). Existing classifications stay around
-- the clock, so no deadline changes meaning on upgrade; the demo data puts claims and suggestions on
-- business hours.
CREATE TABLE IF NOT EXISTS "business_calendar" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"around_the_clock" boolean DEFAULT false NOT NULL,
	-- ISO days of the week (1 Monday … 7 Sunday) and the opening span in minutes after midnight.
	"days" smallint[] DEFAULT '{1,2,3,4,5}' NOT NULL,
	"opens" smallint DEFAULT 510 NOT NULL,
	"closes" smallint DEFAULT 1080 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_calendar_name_unique" UNIQUE("name"),
	CONSTRAINT "business_calendar_span_check" CHECK ("opens" >= 0 AND "closes" > "opens" AND "closes" <= 1440)
);
--> statement-breakpoint
-- A day the admin changes: open = false closes a business day (a regional holiday, an emergency closure);
-- open = true makes a national holiday a working day.
CREATE TABLE IF NOT EXISTS "business_calendar_day" (
	"calendar_id" integer NOT NULL REFERENCES "business_calendar"("id") ON DELETE CASCADE,
	"day" date NOT NULL,
	"open" boolean NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "business_calendar_day_pk" PRIMARY KEY("calendar_id","day")
);
--> statement-breakpoint
INSERT INTO "business_calendar" ("id", "name", "around_the_clock") VALUES (1, 'Continuo (24/7)', true), (2, 'Horario hábil', false) ON CONFLICT DO NOTHING;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('business_calendar', 'id'), greatest(2, (SELECT max("id") FROM "business_calendar")));
--> statement-breakpoint
ALTER TABLE "classification" ADD COLUMN IF NOT EXISTS "calendar_id" integer DEFAULT 1 NOT NULL REFERENCES "business_calendar"("id");
--> statement-breakpoint
ALTER TABLE "classification" ADD COLUMN IF NOT EXISTS "first_answer_hours" integer;
--> statement-breakpoint
-- Each event keeps the calendar it was given (null: created before calendars, around the clock), its first
-- answer deadline, the instants its warnings are due (share of each deadline, decision 182), and the
-- business time each target took once met, so the service-level report is sums and percentiles in SQL.
ALTER TABLE "ticket" ADD COLUMN IF NOT EXISTS "calendar_id" integer REFERENCES "business_calendar"("id");
--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN IF NOT EXISTS "first_answer_due_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN IF NOT EXISTS "first_answer_warn_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN IF NOT EXISTS "warn_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN IF NOT EXISTS "first_answer_business_ms" bigint;
--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN IF NOT EXISTS "resolution_business_ms" bigint;
--> statement-breakpoint
-- Which deadline notice went for which event: one row each, so several API processes send each once.
CREATE TABLE IF NOT EXISTS "deadline_notice" (
	"ticket_id" bigint NOT NULL REFERENCES "ticket"("id") ON DELETE CASCADE,
	-- FIRST_ANSWER or RESOLUTION
	"deadline" text NOT NULL,
	-- WARNING (the share of the deadline has passed) or BREACH
	"threshold" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deadline_notice_pk" PRIMARY KEY("ticket_id","deadline","threshold")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ticket_warn_idx" ON "ticket" USING btree ("warn_at") WHERE "status_code" <> 'CLOSED';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ticket_first_answer_warn_idx" ON "ticket" USING btree ("first_answer_warn_at") WHERE "status_code" <> 'CLOSED' AND "first_answer_business_ms" IS NULL;
