CREATE TABLE "ticket_counter" (
	"scope_key" text NOT NULL,
	"status_code" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_counter_scope_key_status_code_pk" PRIMARY KEY("scope_key","status_code")
);
--> statement-breakpoint
DROP INDEX "ticket_assignee_idx";--> statement-breakpoint
DROP INDEX "ticket_active_due_idx";--> statement-breakpoint
CREATE INDEX "ticket_active_created_idx" ON "ticket" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"status_code","sector","commune","type","classification_id","orientation","kilometer","assigned_to_id") WHERE "ticket"."status_code" <> 'CLOSED';--> statement-breakpoint
CREATE INDEX "ticket_classification_idx" ON "ticket" USING btree ("classification_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"status_code");--> statement-breakpoint
CREATE INDEX "ticket_type_idx" ON "ticket" USING btree ("type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"status_code");--> statement-breakpoint
CREATE INDEX "ticket_sector_idx" ON "ticket" USING btree ("sector","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"status_code");--> statement-breakpoint
CREATE INDEX "ticket_commune_idx" ON "ticket" USING btree ("commune","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"status_code");--> statement-breakpoint
CREATE INDEX "ticket_kilometer_idx" ON "ticket" USING btree ("kilometer","id","status_code","orientation","type","classification_id");--> statement-breakpoint
CREATE INDEX "ticket_due_idx" ON "ticket" USING btree ("due_at","id");--> statement-breakpoint
CREATE INDEX "ticket_rut_idx" ON "ticket" USING btree ("rut");--> statement-breakpoint
CREATE INDEX "ticket_email_idx" ON "ticket" USING btree ("email");--> statement-breakpoint
CREATE INDEX "ticket_assignee_active_due_idx" ON "ticket" USING btree ("assigned_to_id","due_at","paused_at") WHERE "ticket"."status_code" <> 'CLOSED';--> statement-breakpoint
CREATE INDEX "ticket_search_idx" ON "ticket" USING gin (((folio || ' ' || coalesce(rut, '') || ' ' || coalesce(email, '') || ' ' || coalesce(full_name, '') || ' ' || description)) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ticket_assignee_idx" ON "ticket" USING btree ("assigned_to_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"status_code","sector","commune","type","classification_id","orientation");--> statement-breakpoint
CREATE INDEX "ticket_active_due_idx" ON "ticket" USING btree ("due_at","paused_at") WHERE "ticket"."status_code" <> 'CLOSED';