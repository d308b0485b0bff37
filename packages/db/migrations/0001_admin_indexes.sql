ALTER TABLE "food_items" DROP CONSTRAINT "food_items_slug_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "food_items_slug_active_idx" ON "food_items" USING btree ("slug") WHERE "food_items"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "orders_admin_list_idx" ON "orders" USING btree ("payment_status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_admin_status_list_idx" ON "orders" USING btree ("payment_status","status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_address_email_idx" ON "orders" USING btree (lower("address" ->> 'email'));--> statement-breakpoint
CREATE INDEX "orders_address_mobile_idx" ON "orders" USING btree (right(regexp_replace("address" ->> 'mobile', '\D', '', 'g'), 10));