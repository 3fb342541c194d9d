CREATE TABLE "practice_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"content_id" uuid,
	"seconds" integer NOT NULL,
	"ended_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_sessions_kind_check" CHECK ("practice_sessions"."kind" in ('content', 'timer', 'manual')),
	CONSTRAINT "practice_sessions_seconds_check" CHECK ("practice_sessions"."seconds" between 1 and 14400)
);
--> statement-breakpoint
CREATE TABLE "practice_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text,
	"day_start_hour" integer DEFAULT 0 NOT NULL,
	"show_streaks" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_settings_day_start_check" CHECK ("practice_settings"."day_start_hour" between 0 and 4)
);
--> statement-breakpoint
ALTER TABLE "practice_sessions" ADD CONSTRAINT "practice_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_sessions" ADD CONSTRAINT "practice_sessions_content_id_content_items_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_settings" ADD CONSTRAINT "practice_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_sessions_user_ended_idx" ON "practice_sessions" USING btree ("user_id","ended_at");