CREATE TABLE "journey_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"playlist_id" uuid NOT NULL,
	"start_month" date NOT NULL,
	"repeats_monthly" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journey_schedules_start_month_check" CHECK (extract(day from "journey_schedules"."start_month") = 1)
);
--> statement-breakpoint
ALTER TABLE "journey_schedules" ADD CONSTRAINT "journey_schedules_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journey_schedules_playlist_month_idx" ON "journey_schedules" USING btree ("playlist_id","start_month","repeats_monthly");--> statement-breakpoint
-- hand-written: the journey the monthly notice already announced (the oldest calendar playlist with
-- a published item) keeps running every month, now on the calendar too; others wait for the admin.
INSERT INTO "journey_schedules" ("playlist_id", "start_month", "repeats_monthly") -- hand-written
SELECT p."id", date_trunc('month', now() - interval '1 day')::date, true -- hand-written
FROM "playlists" p -- hand-written
WHERE p."is_calendar" AND EXISTS ( -- hand-written
  SELECT 1 FROM "playlist_items" pi JOIN "content_items" ci ON ci."id" = pi."video_id" -- hand-written
  WHERE pi."playlist_id" = p."id" AND ci."is_published") -- hand-written
ORDER BY p."created_at" LIMIT 1; -- hand-written
