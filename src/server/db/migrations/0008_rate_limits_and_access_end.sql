CREATE TABLE "request_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "premium_access_ends_at" timestamp (3) with time zone;--> statement-breakpoint
-- Existing subscriptions get the access end writeSubscription would give them (premiumAccessEnd).
UPDATE "users" SET "premium_access_ends_at" = CASE
    WHEN "subscriptions"."provider" = 'stripe' AND NOT "subscriptions"."cancel_at_period_end"
      THEN "subscriptions"."current_period_end" + interval '1 day'
    ELSE "subscriptions"."current_period_end"
  END
  FROM "subscriptions"
  WHERE "subscriptions"."user_id" = "users"."id"
    AND "subscriptions"."provider" <> 'complimentary'
    AND "subscriptions"."current_period_end" IS NOT NULL;
