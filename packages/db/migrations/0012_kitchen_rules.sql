CREATE TABLE "delivery_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"pincodes" jsonb NOT NULL,
	"charge_paise" integer DEFAULT 0 NOT NULL,
	"free_above_paise" integer,
	"min_days" integer NOT NULL,
	"max_days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_zones_charge_not_negative" CHECK ("delivery_zones"."charge_paise" >= 0),
	CONSTRAINT "delivery_zones_days" CHECK ("delivery_zones"."min_days" >= 0 and "delivery_zones"."max_days" >= "delivery_zones"."min_days")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"min_subtotal_paise" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"active" boolean DEFAULT true NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_kind_known" CHECK ("promo_codes"."kind" in ('percent', 'flat')),
	CONSTRAINT "promo_codes_value" CHECK ("promo_codes"."value" > 0 and ("promo_codes"."kind" <> 'percent' or "promo_codes"."value" <= 100))
);
--> statement-breakpoint
ALTER TABLE "food_items" ADD COLUMN "stock_kg" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_held" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_charge_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_zone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_idx" ON "promo_codes" USING btree ("code");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_unpaid_stock_held_idx" ON "orders" USING btree ("id") WHERE "orders"."stock_held" and "orders"."payment_status" in ('failed', 'expired');--> statement-breakpoint
CREATE INDEX "orders_promo_code_idx" ON "orders" USING btree ("promo_code_id","payment_status") WHERE "orders"."promo_code_id" is not null;--> statement-breakpoint
ALTER TABLE "food_items" ADD CONSTRAINT "food_items_stock_not_negative" CHECK ("food_items"."stock_kg" >= 0);--> statement-breakpoint
INSERT INTO "delivery_zones" ("name", "pincodes", "charge_paise", "free_above_paise", "min_days", "max_days") VALUES ('All India', '["1","2","3","4","5","6","7","8","9"]'::jsonb, 0, NULL, 2, 4);
