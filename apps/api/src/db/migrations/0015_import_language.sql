-- A spreadsheet's optional language column travels through the import staging table like the other
-- columns ('' when blank or absent); and the account endpoint's cache (migration 0013) must hear of a
-- participant's language changing, since GET /api/accounts/me/ now shows it.
ALTER TABLE "participant_import_rows" ADD COLUMN "language" text DEFAULT '' NOT NULL;--> statement-breakpoint
DROP TRIGGER "participants_account_change" ON "participants";--> statement-breakpoint
CREATE TRIGGER participants_account_change
	AFTER UPDATE OF id, event_id, full_name, email, organization, job_title, unique_code,
		confirmed_attendance, confirmed_at, language OR DELETE ON participants
	FOR EACH STATEMENT EXECUTE FUNCTION notify_account_change('participant');
