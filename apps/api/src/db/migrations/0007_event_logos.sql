CREATE TABLE "event_logos" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL,
	"mime_type" text NOT NULL,
	"hash" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "logo_hash" text;--> statement-breakpoint
ALTER TABLE "event_logos" ADD CONSTRAINT "event_logos_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;