ALTER TABLE "refunds" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "clawback_paise" integer DEFAULT 0 NOT NULL;