CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"currency" text NOT NULL,
	"duration" text NOT NULL,
	"duration_in_months" integer,
	"max_redemptions" integer,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"plan_id" text,
	"stripe_coupon_id" text,
	"stripe_promotion_code_id" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_one_discount" CHECK (("offers"."percent_off" is null) <> ("offers"."amount_off_cents" is null))
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "offers_live_code_idx" ON "offers" USING btree ("code") WHERE "offers"."archived_at" is null;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;