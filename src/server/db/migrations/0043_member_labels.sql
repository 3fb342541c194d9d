ALTER TABLE "users" ADD COLUMN "labels" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "users_labels_idx" ON "users" USING gin ("labels");