ALTER TABLE "practice_sessions" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "practice_settings" ADD COLUMN "play_next" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "practice_sessions" ADD CONSTRAINT "practice_sessions_note_length_check" CHECK (char_length("practice_sessions"."note") <= 280);