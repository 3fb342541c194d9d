ALTER TABLE "announcements" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "forums" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_language_length" CHECK (char_length("announcements"."language") <= 35);--> statement-breakpoint
ALTER TABLE "forums" ADD CONSTRAINT "forums_language_length" CHECK (char_length("forums"."language") <= 35);