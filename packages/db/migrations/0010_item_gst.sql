ALTER TABLE "food_items" ADD COLUMN "hsn" text DEFAULT '21069099' NOT NULL;--> statement-breakpoint
ALTER TABLE "food_items" ADD COLUMN "gst_rate" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "food_items" ADD CONSTRAINT "food_items_gst_rate_known" CHECK ("food_items"."gst_rate" in (0, 5, 12, 18, 28));--> statement-breakpoint
ALTER TABLE "food_items" ADD CONSTRAINT "food_items_hsn_digits" CHECK ("food_items"."hsn" ~ '^[0-9]{4,8}$');