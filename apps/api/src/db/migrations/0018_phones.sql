CREATE TABLE "data_steps" (
	"name" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"details" jsonb
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "default_country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "phone_invalid" boolean GENERATED ALWAYS AS ("phone" <> '' and "phone" !~ '^\+[1-9][0-9]{6,14}$') STORED NOT NULL;