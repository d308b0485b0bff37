ALTER TABLE "consents" DROP CONSTRAINT "consents_status_known";--> statement-breakpoint
DROP INDEX "mail_outbox_one_refund_mail";--> statement-breakpoint
DROP INDEX "mail_outbox_one_receipt";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cart_promo_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "notify_whatsapp_to" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "channel" text DEFAULT 'mail' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_one_refund_mail" ON "mail_outbox" USING btree ("subject_id","channel") WHERE "mail_outbox"."kind" = 'refund-processed';--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_one_receipt" ON "mail_outbox" USING btree ("subject_id","channel") WHERE "mail_outbox"."kind" = 'order-receipt';--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_status_known" CHECK ("consents"."consent_status" in ('accepted', 'necessary'));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_channel_known" CHECK ("mail_outbox"."channel" in ('mail', 'whatsapp'));--> statement-breakpoint
-- Mobile numbers are stored as +91 and 10 digits (DECISIONS "The shopper's next step"); older rows kept 10 digits.
UPDATE "addresses" SET "mobile" = '+91' || right(regexp_replace("mobile", '[^0-9]', '', 'g'), 10) WHERE regexp_replace("mobile", '[^0-9]', '', 'g') ~ '^(91|0)?[0-9]{10}$';--> statement-breakpoint
UPDATE "users" SET "phone_number" = '+91' || right(regexp_replace("phone_number", '[^0-9]', '', 'g'), 10) WHERE regexp_replace("phone_number", '[^0-9]', '', 'g') ~ '^(91|0)?[0-9]{10}$';
