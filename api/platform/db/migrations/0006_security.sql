CREATE TABLE "login_failure" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_failure_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account" text NOT NULL,
	"address" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_token" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "auth_token" ADD COLUMN "address" text;--> statement-breakpoint
CREATE INDEX "login_failure_account_idx" ON "login_failure" USING btree ("account","at");--> statement-breakpoint
CREATE INDEX "login_failure_address_idx" ON "login_failure" USING btree ("address","at");