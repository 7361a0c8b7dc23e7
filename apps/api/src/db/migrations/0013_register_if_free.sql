-- A session registration in one call when it plainly breaks no rule (services/sessions/
-- register-participant.ts): lock the participant's and then the session's row (the order of the
-- locked path), then insert when the participant is confirmed, the session is active, of the event
-- and without sub-sessions, has a free place (0 = unlimited), and none of the participant's
-- registrations is this session, shares its parent or overlaps it in time. That last test is wider
-- than the conflict rule (packages/shared findConflict, which also lets a parent and its own
-- sub-session go together): whatever it refuses, and every other refusal, answers no row, and the
-- service then decides on the locked path with the full rules and the exact message. Each statement
-- of a PL/pgSQL function takes a new snapshot, so the checks see every registration committed before
-- the locks were granted; the function keeps its plans for the connection. One round trip instead
-- of five (BEGIN, lock, read, insert, COMMIT).
CREATE FUNCTION register_if_free(
	p_event integer,
	p_participant integer,
	p_session integer
) RETURNS TABLE (registered integer, max_participants integer) LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
	v_session sessions%ROWTYPE;
	v_count integer;
BEGIN
	PERFORM 1 FROM participants p
		WHERE p.id = p_participant AND p.event_id = p_event AND p.confirmed_attendance
		FOR NO KEY UPDATE;
	IF NOT FOUND THEN RETURN; END IF;
	SELECT * INTO v_session FROM sessions s
		WHERE s.id = p_session AND s.event_id = p_event AND s.is_active
		FOR NO KEY UPDATE;
	IF NOT FOUND THEN RETURN; END IF;
	IF EXISTS (SELECT 1 FROM sessions c WHERE c.parent_session_id = p_session) THEN RETURN; END IF;
	IF EXISTS (
		SELECT 1 FROM session_registrations r JOIN sessions o ON o.id = r.session_id
		WHERE r.participant_id = p_participant
			AND (o.id = p_session
				OR o.parent_session_id = v_session.parent_session_id
				OR (o.start_time < v_session.end_time AND o.end_time > v_session.start_time))
	) THEN RETURN; END IF;
	SELECT count(*) INTO v_count FROM session_registrations r WHERE r.session_id = p_session;
	IF v_session.max_participants > 0 AND v_count >= v_session.max_participants THEN RETURN; END IF;
	INSERT INTO session_registrations (session_id, participant_id) VALUES (p_session, p_participant);
	RETURN QUERY SELECT v_count + 1, v_session.max_participants;
END
$fn$;
--> statement-breakpoint
-- The account endpoint's cache (services/auth/account-cache.ts) is told of every change to what
-- GET /api/accounts/me/ shows: one notification per statement, not per row, and only when a shown
-- column is written (a participant's notification status, written by the outbox, is not).
CREATE FUNCTION notify_account_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
	PERFORM pg_notify('account_change', TG_ARGV[0]);
	RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER staff_users_account_change
	AFTER UPDATE OF id, username, full_name, email, is_active, role OR DELETE ON staff_users
	FOR EACH STATEMENT EXECUTE FUNCTION notify_account_change('staff');
--> statement-breakpoint
CREATE TRIGGER staff_event_access_account_change AFTER INSERT OR UPDATE OR DELETE ON staff_event_access
	FOR EACH STATEMENT EXECUTE FUNCTION notify_account_change('staff');
--> statement-breakpoint
CREATE TRIGGER participants_account_change
	AFTER UPDATE OF id, event_id, full_name, email, organization, job_title, unique_code,
		confirmed_attendance, confirmed_at OR DELETE ON participants
	FOR EACH STATEMENT EXECUTE FUNCTION notify_account_change('participant');
--> statement-breakpoint
CREATE TRIGGER events_account_change AFTER UPDATE OF id, event_code, name OR DELETE ON events
	FOR EACH STATEMENT EXECUTE FUNCTION notify_account_change('participant');
