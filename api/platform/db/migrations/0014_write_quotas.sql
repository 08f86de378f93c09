CREATE TABLE IF NOT EXISTS "write_quota" (
	"key" text PRIMARY KEY NOT NULL,
	"used" bigint NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "write_quota_resets_idx" ON "write_quota" USING btree ("resets_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "mail_digest_state" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "mail_digest_item" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_digest_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"profile_id" uuid NOT NULL,
	"recipient" text NOT NULL,
	"line" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mail_digest_item_profile_idx" ON "mail_digest_item" USING btree ("profile_id","id");
--> statement-breakpoint
ALTER TABLE "attachment" ADD COLUMN IF NOT EXISTS "preview_key" text;
--> statement-breakpoint
ALTER TABLE "attachment" ADD COLUMN IF NOT EXISTS "preview_none" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "attachment_preview_key_idx" ON "attachment" USING btree ("preview_key");
