CREATE TABLE "dev_mailbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "notification_status" text DEFAULT 'not_sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD COLUMN "kind" text DEFAULT 'login_details' NOT NULL;--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD COLUMN "login_link_id" integer;--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD COLUMN "transport" text;--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "dev_mailbox" ADD CONSTRAINT "dev_mailbox_message_id_outgoing_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."outgoing_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dev_mailbox_created_idx" ON "dev_mailbox" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD CONSTRAINT "outgoing_messages_login_link_id_login_links_id_fk" FOREIGN KEY ("login_link_id") REFERENCES "public"."login_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outgoing_messages_event_idx" ON "outgoing_messages" USING btree ("event_id","created_at");--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_notification_status_ck" CHECK ("participants"."notification_status" in ('not_sent', 'queued', 'sent', 'failed'));--> statement-breakpoint
UPDATE "participants" SET "notification_status" = 'sent' WHERE "notification_sent";
