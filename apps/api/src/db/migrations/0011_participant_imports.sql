-- Bulk uploads are staged and applied in short chunks (no long transaction holds the embedded
-- database); participant_imports makes one import per event run at a time and lets a crash be
-- rolled back (staging) or finished (publishing).
CREATE TABLE "participant_import_rows" (
	"import_id" text NOT NULL,
	"seq" integer NOT NULL,
	"participant_id" integer,
	"username" text NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"organization" text NOT NULL,
	"job_title" text NOT NULL,
	"unique_code" text NOT NULL,
	CONSTRAINT "participant_import_rows_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
CREATE TABLE "participant_imports" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"state" text DEFAULT 'staging' NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "participant_imports_id_unique" UNIQUE("id")
);
--> statement-breakpoint
ALTER TABLE "participant_import_rows" ADD CONSTRAINT "participant_import_rows_import_id_participant_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."participant_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_imports" ADD CONSTRAINT "participant_imports_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;