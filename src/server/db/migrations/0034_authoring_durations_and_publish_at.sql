ALTER TABLE "announcements" ADD COLUMN "publish_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "publish_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "duration_seconds" integer;--> statement-breakpoint
CREATE INDEX "announcements_publish_at_idx" ON "announcements" USING btree ("publish_at") WHERE "announcements"."publish_at" is not null;--> statement-breakpoint
CREATE INDEX "content_items_publish_at_idx" ON "content_items" USING btree ("publish_at") WHERE "content_items"."publish_at" is not null;