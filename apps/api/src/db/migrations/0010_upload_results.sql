-- Bulk upload results spreadsheets move from DATA_DIR into the database, so every process serves them.
CREATE TABLE "upload_results" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_results" ADD CONSTRAINT "upload_results_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_results_created_idx" ON "upload_results" USING btree ("created_at");