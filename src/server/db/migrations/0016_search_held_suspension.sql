ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspend_reason" text;--> statement-breakpoint
ALTER TABLE "forum_comments" ADD COLUMN "held_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "forum_comments" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, content)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD COLUMN "held_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, title), 'A') || setweight(to_tsvector('simple'::regconfig, content), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "forum_comments_search_idx" ON "forum_comments" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "forum_comments_held_idx" ON "forum_comments" USING btree ("held_at") WHERE "forum_comments"."held_at" is not null;--> statement-breakpoint
CREATE INDEX "forum_posts_search_idx" ON "forum_posts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "forum_posts_held_idx" ON "forum_posts" USING btree ("held_at") WHERE "forum_posts"."held_at" is not null;