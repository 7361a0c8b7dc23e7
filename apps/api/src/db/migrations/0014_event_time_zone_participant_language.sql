-- Each event has one IANA time zone (existing events keep UTC, as their times were shown before);
-- each participant a language for screens and messages.
ALTER TABLE "events" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_language_ck" CHECK ("participants"."language" in ('en', 'fr', 'sw'));