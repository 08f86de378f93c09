-- Search that finds (issue 36, decisions 169 and 170): every word of q in any order, over one
-- folded document per ticket that now also holds the RUT without its dash (123456785), the
-- classification's name, the sector and the commune.
-- The document is stored, already folded (unaccent, lower case), in ticket.search_text with a
-- trigram index on the plain column: a search reads no unaccent per row (decision 170: with an
-- index on the expression, PostgreSQL walking the created-at index folded every row it read).
-- Row triggers keep it: search_classification (a copy of the classification's name, set when a
-- ticket is written with a classification and rewritten when a classification is renamed, rare)
-- and then search_text from the ticket's own columns (triggers fire in name order).
-- The old index goes first: it is replaced, and kept up through the rewrite it would cost more
-- than building the new one once at the end.
DROP INDEX IF EXISTS "ticket_search_idx";--> statement-breakpoint
CREATE OR REPLACE FUNCTION ticket_search_document(folio text, rut text, email text, full_name text, description text,
    classification text, sector text, commune text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(ticket_search_fold(folio || ' ' || coalesce(rut, '') || ' ' || coalesce(replace(rut, '-', ''), '') || ' '
    || coalesce(email, '') || ' ' || coalesce(full_name, '') || ' ' || description || ' ' || coalesce(classification, '') || ' '
    || sector || ' ' || commune)) $$;--> statement-breakpoint
-- Only for the backfill below, then dropped: it reads a table, so it is not truly IMMUTABLE,
-- but a generated column (computed while ADD COLUMN rewrites the table, in one pass, with its
-- indexes rebuilt in bulk) accepts only IMMUTABLE functions; the expressions are dropped right
-- after, leaving plain columns the triggers keep.
CREATE OR REPLACE FUNCTION ticket_search_backfill_name(classification_id integer) RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT coalesce((SELECT name FROM public.classification WHERE id = classification_id), '') $$;--> statement-breakpoint
ALTER TABLE "ticket"
  ADD COLUMN IF NOT EXISTS "search_classification" text NOT NULL
    GENERATED ALWAYS AS (ticket_search_backfill_name(classification_id)) STORED,
  ADD COLUMN IF NOT EXISTS "search_text" text NOT NULL
    GENERATED ALWAYS AS (ticket_search_document(folio, rut, email, full_name, description, ticket_search_backfill_name(classification_id), sector, commune)) STORED;--> statement-breakpoint
ALTER TABLE "ticket" ALTER COLUMN "search_classification" DROP EXPRESSION IF EXISTS;--> statement-breakpoint
ALTER TABLE "ticket" ALTER COLUMN "search_text" DROP EXPRESSION IF EXISTS;--> statement-breakpoint
ALTER TABLE "ticket" ALTER COLUMN "search_classification" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "ticket" ALTER COLUMN "search_text" SET DEFAULT '';--> statement-breakpoint
DROP FUNCTION ticket_search_backfill_name(integer);--> statement-breakpoint
CREATE OR REPLACE FUNCTION ticket_search_classification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_classification := coalesce((SELECT name FROM classification WHERE id = NEW.classification_id), '');
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS ticket_search_classification ON "ticket";--> statement-breakpoint
CREATE TRIGGER ticket_search_classification BEFORE INSERT OR UPDATE OF classification_id, search_classification ON "ticket"
  FOR EACH ROW EXECUTE FUNCTION ticket_search_classification();--> statement-breakpoint
CREATE OR REPLACE FUNCTION ticket_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := ticket_search_document(NEW.folio, NEW.rut, NEW.email, NEW.full_name, NEW.description,
    NEW.search_classification, NEW.sector, NEW.commune);
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS ticket_search_text ON "ticket";--> statement-breakpoint
CREATE TRIGGER ticket_search_text BEFORE INSERT OR UPDATE OF folio, rut, email, full_name, description, search_classification,
    classification_id, sector, commune, search_text ON "ticket"
  FOR EACH ROW EXECUTE FUNCTION ticket_search_text();--> statement-breakpoint
CREATE OR REPLACE FUNCTION classification_search_rename() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ticket SET search_classification = NEW.name WHERE classification_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS classification_search_rename ON "classification";--> statement-breakpoint
CREATE TRIGGER classification_search_rename AFTER UPDATE OF name ON "classification"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION classification_search_rename();--> statement-breakpoint
-- Run again on a database that has the columns (ADD COLUMN IF NOT EXISTS did nothing): copies
-- that drifted are set again, and the triggers above refold their documents.
UPDATE "ticket" t SET "search_classification" = c."name" FROM "classification" c
  WHERE c."id" = t."classification_id" AND t."search_classification" IS DISTINCT FROM c."name";--> statement-breakpoint
-- Word searches are rare combinations of common words: a larger sample lets the planner
-- estimate LIKE '%word%' on this column from real documents (decision 170).
ALTER TABLE "ticket" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ticket_search_idx" ON "ticket" USING gin ("search_text" gin_trgm_ops);
