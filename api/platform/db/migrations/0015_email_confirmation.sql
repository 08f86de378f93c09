ALTER TABLE "profile" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "profile" SET "email_confirmed_at" = now() WHERE "email_confirmed_at" IS NULL;--> statement-breakpoint
CREATE TABLE "email_confirmation" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_confirmation_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"profile_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "email_confirmation" ADD CONSTRAINT "email_confirmation_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_confirmation_hash_idx" ON "email_confirmation" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_confirmation_profile_idx" ON "email_confirmation" USING btree ("profile_id","created_at");
