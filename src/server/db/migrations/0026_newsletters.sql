CREATE TABLE "undeliverable_addresses" (
	"email" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_deliveries" (
	"newsletter_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone,
	"claimed_at" timestamp (3) with time zone,
	"sent_at" timestamp (3) with time zone,
	"error" text,
	"unsubscribed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_deliveries_newsletter_id_user_id_pk" PRIMARY KEY("newsletter_id","user_id"),
	CONSTRAINT "newsletter_deliveries_status_check" CHECK ("newsletter_deliveries"."status" in ('queued', 'claimed', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "newsletters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"segment" text DEFAULT 'all' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"scheduled_for" timestamp (3) with time zone,
	"sent_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone,
	"author_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletters_status_check" CHECK ("newsletters"."status" in ('draft', 'scheduled', 'sending', 'sent')),
	CONSTRAINT "newsletters_subject_length" CHECK (char_length("newsletters"."subject") <= 200),
	CONSTRAINT "newsletters_body_length" CHECK (char_length("newsletters"."body") <= 50000)
);
--> statement-breakpoint
ALTER TABLE "practice_settings" ADD COLUMN "newsletters" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_newsletter_id_newsletters_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletters" ADD CONSTRAINT "newsletters_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_pending_idx" ON "newsletter_deliveries" USING btree ("newsletter_id") WHERE "newsletter_deliveries"."status" in ('queued', 'claimed', 'sending');--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_user_idx" ON "newsletter_deliveries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "newsletters_due_idx" ON "newsletters" USING btree ("scheduled_for") WHERE "newsletters"."status" = 'scheduled';