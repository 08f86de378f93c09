-- Trigram matching for the ticket search (q): folio, RUT, e-mail, name and description.
-- pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it.
-- The embedded PGlite loads it in api/db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
