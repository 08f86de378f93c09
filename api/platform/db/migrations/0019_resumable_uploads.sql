-- Resumable uploads of attachments (issue 35, docs/decisions/153-resumable-uploads.md): one row per
-- tus upload, owned by the account that created it; its bytes live in the tus store until the last
-- PATCH turns them into an attachment. The lease columns are the cross-process lock
-- (docs/decisions/154-upload-locks-and-expiry.md).
CREATE TABLE IF NOT EXISTS "upload" (
	"id" text PRIMARY KEY NOT NULL,
	"profile_id" uuid NOT NULL REFERENCES "profile"("id"),
	"ticket_id" bigint NOT NULL REFERENCES "ticket"("id"),
	"upload_key" text,
	"file_name" text NOT NULL,
	"length" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"attachment_id" uuid REFERENCES "attachment"("id") ON DELETE SET NULL,
	"lock_holder" text,
	"lock_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "upload_ticket_idx" ON "upload" USING btree ("ticket_id") WHERE "finished_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "upload_expires_idx" ON "upload" USING btree ("expires_at") WHERE "finished_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "upload_profile_idx" ON "upload" USING btree ("profile_id");
--> statement-breakpoint
ALTER TABLE "attachment" ADD COLUMN "upload_key" text;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "attachment_upload_key_idx" ON "attachment" USING btree ("ticket_id","upload_key");
