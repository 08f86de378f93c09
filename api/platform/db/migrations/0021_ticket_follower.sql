-- "Es el mismo: avíseme de sus novedades" (issue 36, docs/decisions/161-following-a-duplicate.md): a driver
-- who finds their problem among the possible duplicates follows that event instead of filing another.
-- One row per driver and event (following twice is one); the follower hears of the event's public
-- changes only. Removed with the account (its rows are the driver's own data).
CREATE TABLE IF NOT EXISTS "ticket_follower" (
	"ticket_id" bigint NOT NULL REFERENCES "ticket"("id") ON DELETE CASCADE,
	"profile_id" uuid NOT NULL REFERENCES "profile"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_follower_ticket_id_profile_id_pk" PRIMARY KEY("ticket_id","profile_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ticket_follower_profile_idx" ON "ticket_follower" USING btree ("profile_id","created_at");
