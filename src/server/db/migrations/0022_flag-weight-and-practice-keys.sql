CREATE TABLE "sign_up_addresses" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- hand-written: drizzle-kit cannot name the old primary key; PostgreSQL named it <table>_pkey.
ALTER TABLE "practice_sessions" DROP CONSTRAINT "practice_sessions_pkey";--> statement-breakpoint
ALTER TABLE "practice_sessions" ADD CONSTRAINT "practice_sessions_user_id_id_pk" PRIMARY KEY("user_id","id");--> statement-breakpoint
ALTER TABLE "sign_up_addresses" ADD CONSTRAINT "sign_up_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_up_addresses_address_idx" ON "sign_up_addresses" USING btree ("address","created_at");