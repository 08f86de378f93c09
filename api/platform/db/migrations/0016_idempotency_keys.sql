CREATE TABLE IF NOT EXISTS "idempotency_key" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"state" text NOT NULL,
	"status_code" integer,
	"response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_key_scope_key_pk" PRIMARY KEY("scope","key"),
	CONSTRAINT "idempotency_key_state_check" CHECK ("state" in ('pending', 'done'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "idempotency_key_created_idx" ON "idempotency_key" USING btree ("created_at");
