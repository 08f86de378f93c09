-- Search that finds (issue 36, decision 169): every word of q in any order, over one folded
-- document per ticket that now also holds the RUT without its dash (123456785), the
-- classification's name, the sector and the commune.
-- The classification's name lives in its own table and an index expression reads only its
-- row, so the ticket keeps a copy (search_classification), set by a row trigger when a ticket
-- is written with a classification and rewritten when a classification is renamed (rare: an
-- admin's act over a table of a few dozen rows).
-- The old index goes first: the copy below rewrites every ticket, and a trigram index kept up
-- row by row over a million rows costs far more than building the new one once.
DROP INDEX IF EXISTS "ticket_search_idx";--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN IF NOT EXISTS "search_classification" text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE "ticket" t SET "search_classification" = c."name" FROM "classification" c
  WHERE c."id" = t."classification_id" AND t."search_classification" IS DISTINCT FROM c."name";--> statement-breakpoint
CREATE OR REPLACE FUNCTION ticket_search_classification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_classification := coalesce((SELECT name FROM classification WHERE id = NEW.classification_id), '');
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS ticket_search_classification ON "ticket";--> statement-breakpoint
CREATE TRIGGER ticket_search_classification BEFORE INSERT OR UPDATE OF classification_id, search_classification ON "ticket"
  FOR EACH ROW EXECUTE FUNCTION ticket_search_classification();--> statement-breakpoint
CREATE OR REPLACE FUNCTION classification_search_rename() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ticket SET search_classification = NEW.name WHERE classification_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS classification_search_rename ON "classification";--> statement-breakpoint
CREATE TRIGGER classification_search_rename AFTER UPDATE OF name ON "classification"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION classification_search_rename();--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ticket_search_idx" ON "ticket" USING gin ((ticket_search_fold(folio || ' ' || coalesce(rut, '') || ' ' || coalesce(replace(rut, '-', ''), '') || ' ' || coalesce(email, '') || ' ' || coalesce(full_name, '') || ' ' || description || ' ' || search_classification || ' ' || sector || ' ' || commune)) gin_trgm_ops);
