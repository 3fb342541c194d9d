ALTER TABLE "event_rsvps" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "practice_settings" ADD COLUMN "event_reminder_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "practice_settings" ADD COLUMN "event_reminder_push" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "practice_settings" ADD COLUMN "event_reminder_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "event_rsvps_unreminded_idx" ON "event_rsvps" USING btree ("occurrence_start") WHERE "event_rsvps"."reminded_at" is null and "event_rsvps"."status" = 'going';--> statement-breakpoint
ALTER TABLE "practice_settings" ADD CONSTRAINT "practice_settings_event_reminder_minutes_check" CHECK ("practice_settings"."event_reminder_minutes" in (0, 15, 60, 1440));