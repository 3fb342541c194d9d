CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"created_by" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"kind" text,
	"content_type" text,
	"size" bigint,
	"object_path" text,
	"expires_at" timestamp with time zone NOT NULL,
	"uploaded_at" timestamp with time zone,
	"registered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_key_unique" UNIQUE("key"),
	CONSTRAINT "uploads_object_path_unique" UNIQUE("object_path")
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_status_created_at_idx" ON "uploads" USING btree ("status","created_at");