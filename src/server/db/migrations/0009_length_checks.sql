-- Hand-added before the generated checks: rows written through better-auth's unvalidated
-- update-user may break them (overlong names, outside picture URLs). Shorten and clear those.
UPDATE "users" SET "name" = left("name", 201) WHERE char_length("name") > 201;--> statement-breakpoint
UPDATE "users" SET "first_name" = left("first_name", 100) WHERE char_length("first_name") > 100;--> statement-breakpoint
UPDATE "users" SET "last_name" = left("last_name", 100) WHERE char_length("last_name") > 100;--> statement-breakpoint
UPDATE "users" SET "image" = NULL WHERE "image" !~ '^/objects/images/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}[.]webp$';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_name_length" CHECK (char_length("users"."name") <= 201);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_first_name_length" CHECK (char_length("users"."first_name") <= 100);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_last_name_length" CHECK (char_length("users"."last_name") <= 100);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_length" CHECK (char_length("users"."email") <= 254);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_image_uploaded" CHECK ("users"."image" is null or "users"."image" ~ '^/objects/images/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}[.]webp$');--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_title_length" CHECK (char_length("announcements"."title") <= 200);--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_content_length" CHECK (char_length("announcements"."content") <= 1000);--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_link_text_length" CHECK (char_length("announcements"."link_text") <= 100);--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_image_url_length" CHECK (char_length("announcements"."image_url") <= 2048);--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_link_url_length" CHECK (char_length("announcements"."link_url") <= 2048);--> statement-breakpoint
ALTER TABLE "forum_comments" ADD CONSTRAINT "forum_comments_content_length" CHECK (char_length("forum_comments"."content") <= 2000);--> statement-breakpoint
ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_title_length" CHECK (char_length("forum_posts"."title") <= 200);--> statement-breakpoint
ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_content_length" CHECK (char_length("forum_posts"."content") <= 2000);--> statement-breakpoint
ALTER TABLE "forums" ADD CONSTRAINT "forums_title_length" CHECK (char_length("forums"."title") <= 120);--> statement-breakpoint
ALTER TABLE "forums" ADD CONSTRAINT "forums_description_length" CHECK (char_length("forums"."description") <= 1000);--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_title_length" CHECK (char_length("content_items"."title") <= 200);--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_description_length" CHECK (char_length("content_items"."description") <= 20000);--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_thumbnail_url_length" CHECK (char_length("content_items"."thumbnail_url") <= 2048);--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_video_url_length" CHECK (char_length("content_items"."video_url") <= 2048);--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_title_length" CHECK (char_length("playlists"."title") <= 200);--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_description_length" CHECK (char_length("playlists"."description") <= 2000);