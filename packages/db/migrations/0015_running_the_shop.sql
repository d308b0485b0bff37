CREATE TABLE "backups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"daily_key" text,
	"file" text,
	"bytes" bigint,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "backups_daily_key_unique" UNIQUE("daily_key"),
	CONSTRAINT "backups_kind_known" CHECK ("backups"."kind" in ('manual', 'daily'))
);
--> statement-breakpoint
CREATE TABLE "health_alerts" (
	"problem" text PRIMARY KEY NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "health_alerts_id_unique" UNIQUE("id"),
	CONSTRAINT "health_alerts_problem_known" CHECK ("health_alerts"."problem" in ('payments-failing', 'outbox-stuck', 'no-recent-backup'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_known";--> statement-breakpoint
CREATE INDEX "backups_finished_idx" ON "backups" USING btree ("finished_at") WHERE "backups"."finished_at" is not null;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_known" CHECK ("mail_outbox"."kind" in ('order-receipt', 'password-reset', 'refund-processed', 'order-status', 'health-alert'));