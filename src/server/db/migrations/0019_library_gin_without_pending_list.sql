DROP INDEX "content_items_search_idx";--> statement-breakpoint
DROP INDEX "content_items_calendar_idx";--> statement-breakpoint
CREATE INDEX "content_items_search_idx" ON "content_items" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "content_items_calendar_idx" ON "content_items" USING gin ("calendar_dates") WITH (fastupdate=false);