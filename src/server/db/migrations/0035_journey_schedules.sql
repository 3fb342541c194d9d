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
CREATE UNIQUE INDEX "journey_schedules_playlist_month_idx" ON "journey_schedules" USING btree ("playlist_id","start_month","repeats_monthly");