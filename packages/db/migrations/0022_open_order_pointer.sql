ALTER TABLE "users" ADD COLUMN "open_order_id" uuid;--> statement-breakpoint
-- Each customer's latest open order, as placing kept it open until now (older open orders, if any, expire by the reconciler).
UPDATE "users" SET "open_order_id" = "latest"."id"
FROM (
  SELECT DISTINCT ON ("user_id") "user_id", "id" FROM "orders" WHERE "payment_status" = 'pending' ORDER BY "user_id", "created_at" DESC, "id" DESC
) AS "latest"
WHERE "latest"."user_id" = "users"."id";
