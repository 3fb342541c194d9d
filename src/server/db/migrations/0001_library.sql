CREATE TABLE "content_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"type" text DEFAULT 'video' NOT NULL,
	"thumbnail_url" text,
	"duration" integer DEFAULT 0 NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"intensity" text,
	"calendar_dates" date[] DEFAULT '{}'::date[] NOT NULL,
	"video_url" text,
	"video_file_url" text,
	"search_vector" "tsvector",
	"seed_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_items_seed_key_unique" UNIQUE("seed_key"),
	CONSTRAINT "content_items_type_check" CHECK ("content_items"."type" in ('video', 'audio', 'post', 'event')),
	CONSTRAINT "content_items_intensity_check" CHECK ("content_items"."intensity" is null or "content_items"."intensity" in ('gentle', 'moderate', 'intense')),
	CONSTRAINT "content_items_duration_check" CHECK ("content_items"."duration" >= 0)
);
--> statement-breakpoint
CREATE TABLE "content_plays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"video_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"video_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playback_progress" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"video_id" uuid NOT NULL,
	"position_seconds" real DEFAULT 0 NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playlist_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"playlist_id" uuid NOT NULL,
	"video_id" uuid NOT NULL,
	"order_index" integer NOT NULL,
	"day_index" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playlists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_calendar" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playlists_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "content_plays" ADD CONSTRAINT "content_plays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_plays" ADD CONSTRAINT "content_plays_video_id_content_items_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_video_id_content_items_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playback_progress" ADD CONSTRAINT "playback_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playback_progress" ADD CONSTRAINT "playback_progress_video_id_content_items_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_items" ADD CONSTRAINT "playlist_items_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_items" ADD CONSTRAINT "playlist_items_video_id_content_items_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_items_newest_idx" ON "content_items" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "content_items_published_newest_idx" ON "content_items" USING btree ("created_at","id") WHERE "content_items"."is_published";--> statement-breakpoint
CREATE INDEX "content_items_search_idx" ON "content_items" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "content_items_calendar_idx" ON "content_items" USING gin ("calendar_dates");--> statement-breakpoint
CREATE INDEX "content_plays_recent_idx" ON "content_plays" USING btree ("created_at","video_id");--> statement-breakpoint
CREATE UNIQUE INDEX "favorites_user_video_idx" ON "favorites" USING btree ("user_id","video_id");--> statement-breakpoint
CREATE INDEX "favorites_user_newest_idx" ON "favorites" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "favorites_video_recent_idx" ON "favorites" USING btree ("video_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "playback_progress_user_video_idx" ON "playback_progress" USING btree ("user_id","video_id");--> statement-breakpoint
CREATE INDEX "playback_progress_user_recent_idx" ON "playback_progress" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "playlist_items_playlist_order_idx" ON "playlist_items" USING btree ("playlist_id","order_index");