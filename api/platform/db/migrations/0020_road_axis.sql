-- The road's axis and each orientation's destination (issue 35, decisions 156-157); the driver's
-- phone position on a ticket, kept only when the driver sends it (personal data, docs/privacy.md).
CREATE TABLE IF NOT EXISTS "road_axis_point" (
	"orientation" text NOT NULL,
	"seq" integer NOT NULL,
	"km" numeric(7, 3) NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	CONSTRAINT "road_axis_point_orientation_seq_pk" PRIMARY KEY("orientation","seq")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "road_destination" (
	"orientation" text PRIMARY KEY NOT NULL,
	"destination" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN IF NOT EXISTS "position_lat" double precision;
--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN IF NOT EXISTS "position_lon" double precision;
--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN IF NOT EXISTS "position_accuracy" real;
