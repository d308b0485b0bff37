create extension if not exists pg_trgm;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "rating" smallint;--> statement-breakpoint
CREATE INDEX "food_items_search_trgm_idx" ON "food_items" USING gin ((lower("name" || ' ' || "ingredients")) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5);