CREATE TABLE "course_enrolments" (
	"user_id" uuid NOT NULL,
	"playlist_id" uuid NOT NULL,
	"enrolled_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_enrolments_user_id_playlist_id_pk" PRIMARY KEY("user_id","playlist_id")
);
--> statement-breakpoint
ALTER TABLE "playback_progress" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "playlist_items" ADD COLUMN "unlock_after_days" integer;--> statement-breakpoint
ALTER TABLE "playlist_items" ADD COLUMN "unlock_on" date;--> statement-breakpoint
ALTER TABLE "playlists" ADD COLUMN "is_course" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "course_enrolments" ADD CONSTRAINT "course_enrolments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrolments" ADD CONSTRAINT "course_enrolments_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_items" ADD CONSTRAINT "playlist_items_unlock_after_days_check" CHECK ("playlist_items"."unlock_after_days" is null or "playlist_items"."unlock_after_days" between 0 and 365);--> statement-breakpoint
-- hand-written: what members already finished counts as finished from when it was last saved.
UPDATE "playback_progress" SET "completed_at" = "updated_at" WHERE "completed";
