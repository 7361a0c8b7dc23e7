-- Issue 32: the waiting list of a full session (db/schema/waitlist.ts), and the secret of each
-- participant's calendar subscription URL (null until first asked for; Sign out everywhere clears it).
CREATE TABLE "session_waitlist" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "calendar_token" text;--> statement-breakpoint
ALTER TABLE "session_waitlist" ADD CONSTRAINT "session_waitlist_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_waitlist" ADD CONSTRAINT "session_waitlist_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "session_waitlist_uq" ON "session_waitlist" USING btree ("session_id","participant_id");--> statement-breakpoint
CREATE INDEX "session_waitlist_line_idx" ON "session_waitlist" USING btree ("session_id","created_at","id");--> statement-breakpoint
CREATE INDEX "session_waitlist_participant_idx" ON "session_waitlist" USING btree ("participant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "participants_calendar_token_uq" ON "participants" USING btree ("calendar_token");