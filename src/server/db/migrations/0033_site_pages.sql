CREATE TABLE "site_pages" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"pages" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_pages_single_row" CHECK ("site_pages"."id" = 1)
);
