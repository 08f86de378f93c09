CREATE TABLE "sign_in_device" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sign_in_device_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"profile_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_failure" ADD COLUMN "device" bigint;--> statement-breakpoint
ALTER TABLE "sign_in_device" ADD CONSTRAINT "sign_in_device_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sign_in_device_hash_idx" ON "sign_in_device" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sign_in_device_profile_idx" ON "sign_in_device" USING btree ("profile_id","last_used_at");--> statement-breakpoint
CREATE INDEX "login_failure_device_idx" ON "login_failure" USING btree ("device","at");
