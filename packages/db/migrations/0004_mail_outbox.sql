CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid,
	"recipient" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_outbox_kind_known" CHECK ("mail_outbox"."kind" in ('order-receipt', 'password-reset')),
	CONSTRAINT "mail_outbox_receipt_has_order" CHECK ("mail_outbox"."kind" <> 'order-receipt' or "mail_outbox"."subject_id" is not null)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_one_receipt" ON "mail_outbox" USING btree ("subject_id") WHERE "mail_outbox"."kind" = 'order-receipt';--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" is null;