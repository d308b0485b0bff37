CREATE TABLE "sandbox_whatsapp_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"outbox_id" uuid NOT NULL,
	"to" text NOT NULL,
	"template" text NOT NULL,
	"text" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_whatsapp_messages_outbox_id_unique" UNIQUE("outbox_id")
);
--> statement-breakpoint
CREATE INDEX "sandbox_whatsapp_messages_at_idx" ON "sandbox_whatsapp_messages" USING btree ("at");