CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"scope" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "calendar_feeds_scope_check" CHECK ("calendar_feeds"."scope" in ('rsvps', 'all'))
);
--> statement-breakpoint
CREATE TABLE "event_details" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"location" text,
	"join_url" text,
	"join_opens_minutes_before" integer DEFAULT 15 NOT NULL,
	"capacity" integer,
	"recurrence" text,
	"exception_dates" date[] DEFAULT '{}'::date[] NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_details_duration_check" CHECK ("event_details"."duration_minutes" > 0),
	CONSTRAINT "event_details_capacity_check" CHECK ("event_details"."capacity" is null or "event_details"."capacity" > 0),
	CONSTRAINT "event_details_join_opens_check" CHECK ("event_details"."join_opens_minutes_before" >= 0),
	CONSTRAINT "event_details_location_length" CHECK (char_length("event_details"."location") <= 300),
	CONSTRAINT "event_details_join_url_length" CHECK (char_length("event_details"."join_url") <= 2048),
	CONSTRAINT "event_details_recurrence_length" CHECK (char_length("event_details"."recurrence") <= 300)
);
--> statement-breakpoint
CREATE TABLE "event_rsvps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"occurrence_start" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_rsvps_status_check" CHECK ("event_rsvps"."status" in ('going', 'waitlist'))
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_details" ADD CONSTRAINT "event_details_event_id_content_items_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD CONSTRAINT "event_rsvps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD CONSTRAINT "event_rsvps_event_id_event_details_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event_details"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_rsvps_member_occurrence_idx" ON "event_rsvps" USING btree ("event_id","occurrence_start","user_id");--> statement-breakpoint
CREATE INDEX "event_rsvps_member_idx" ON "event_rsvps" USING btree ("user_id","occurrence_start");