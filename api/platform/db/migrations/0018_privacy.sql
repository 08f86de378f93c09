-- Drivers' personal data under Ley 21.719 (issue 34, docs/privacy.md, decisions 146-150).
-- Profiles and tickets remember when their person's identifiers were removed; a profile can be
-- blocked (art. 8 ter) while a request is pending.
ALTER TABLE "profile" ADD COLUMN "privacy_blocked_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "anonymised_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "anonymised_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "privacy_consent" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"profile_id" uuid NOT NULL REFERENCES "profile"("id"),
	"policy_version" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "privacy_consent_profile_version_idx" ON "privacy_consent" USING btree ("profile_id","policy_version");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "privacy_request" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"profile_id" uuid NOT NULL REFERENCES "profile"("id"),
	"type" text NOT NULL,
	"ticket_id" bigint REFERENCES "ticket"("id"),
	"detail" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"answer" text,
	"answered_by_id" uuid REFERENCES "profile"("id"),
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "privacy_request_pending_idx" ON "privacy_request" USING btree ("due_at","id") WHERE "status" = 'PENDING';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "privacy_request_profile_idx" ON "privacy_request" USING btree ("profile_id","id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "personal_data_read" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"actor_id" uuid NOT NULL,
	"actor_role" text NOT NULL,
	"subject_id" uuid,
	"ticket_id" bigint,
	"what" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "personal_data_read_at_idx" ON "personal_data_read" USING btree ("at","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "personal_data_read_subject_idx" ON "personal_data_read" USING btree ("subject_id","at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "personal_data_read_actor_idx" ON "personal_data_read" USING btree ("actor_id","at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "personal_data_read_ticket_idx" ON "personal_data_read" USING btree ("ticket_id","at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ticket_closed_anonymise_idx" ON "ticket" USING btree ("closed_at") WHERE "anonymised_at" IS NULL AND "status_code" = 'CLOSED';
