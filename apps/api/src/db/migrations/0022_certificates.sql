-- Issue 33: certificates of attendance (db/schema/certificates.ts): signed snapshots kept after withdrawal,
-- the design's signature image beside the logo, and the event's certificate_rules and certificate_design.
CREATE TABLE "certificate_signatures" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL,
	"mime_type" text NOT NULL,
	"hash" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"full_name" text NOT NULL,
	"organization" text DEFAULT '' NOT NULL,
	"event_name" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"attended" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"signature" text NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"issued_by" integer,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" integer
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "certificate_rules" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "certificate_design" jsonb;--> statement-breakpoint
ALTER TABLE "certificate_signatures" ADD CONSTRAINT "certificate_signatures_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_issued_by_staff_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_withdrawn_by_staff_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificates_event_idx" ON "certificates" USING btree ("event_id","participant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_participant_active_uq" ON "certificates" USING btree ("participant_id") WHERE "certificates"."withdrawn_at" is null;