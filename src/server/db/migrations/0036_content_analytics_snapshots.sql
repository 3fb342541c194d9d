CREATE TABLE "content_analytics_snapshots" (
	"days" integer NOT NULL,
	"time_zone" text NOT NULL,
	"answer" jsonb NOT NULL,
	"computed_at" timestamp (3) with time zone NOT NULL,
	"requested_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "content_analytics_snapshots_days_time_zone_pk" PRIMARY KEY("days","time_zone")
);
