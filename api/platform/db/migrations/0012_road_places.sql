-- Sector and commune are chosen from the road profile (docs/decisions/122-reports-for-excel.md).
-- Free text written before then is mapped to the profile's spelling when it names the same
-- place (case, accents and surrounding spaces aside); anything else is kept as it was.
UPDATE "ticket" AS t SET "sector" = p."sector"
FROM (SELECT DISTINCT "sector" FROM "road_segment") AS p
WHERE t."sector" <> p."sector"
  AND lower(unaccent(btrim(t."sector"))) = lower(unaccent(p."sector"));
--> statement-breakpoint
UPDATE "ticket" AS t SET "commune" = p."commune"
FROM (SELECT DISTINCT "commune" FROM "road_segment") AS p
WHERE t."commune" <> p."commune"
  AND lower(unaccent(btrim(t."commune"))) = lower(unaccent(p."commune"));
