-- Ticket filters on columns that depend on each other: a sector lies in one commune, a
-- classification has one type, NEW tickets have no assignee. PostgreSQL assumes columns
-- are independent and, for a combination that matches little or nothing, walks a whole
-- index expecting an early hit. These statistics let it see the dependency
-- (docs/decisions/020-ticket-counters.md). drizzle-kit does not model statistics objects.
CREATE STATISTICS ticket_place_stats (dependencies, mcv) ON sector, commune FROM ticket;
--> statement-breakpoint
CREATE STATISTICS ticket_kind_stats (dependencies, mcv) ON type, classification_id FROM ticket;
--> statement-breakpoint
CREATE STATISTICS ticket_handling_stats (dependencies, mcv) ON status_code, assigned_to_id FROM ticket;
