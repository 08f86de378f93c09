-- Ticket search folds accents: "gonzalez" finds "González", "penalolen" finds "Peñalolén".
-- unaccent is a trusted extension (PostgreSQL 13+); the embedded PGlite loads it in
-- api/db/client.ts. An index needs an IMMUTABLE expression, and unaccent() is only STABLE
-- (its dictionary could change), so a fixed-dictionary wrapper is the indexed expression;
-- the search applies the same function to what was typed.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ticket_search_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
DROP INDEX "ticket_search_idx";--> statement-breakpoint
CREATE INDEX "ticket_search_idx" ON "ticket" USING gin ((ticket_search_fold(folio || ' ' || coalesce(rut, '') || ' ' || coalesce(email, '') || ' ' || coalesce(full_name, '') || ' ' || description)) gin_trgm_ops);
