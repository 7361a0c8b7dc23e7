-- check_in_scan (migration 0006) takes the time of the scan: an offline station syncs its queue later
-- and the record keeps when the participant arrived (null: now). The default keeps a process still
-- running the ten-argument call working while a deployment rolls over.
DROP FUNCTION check_in_scan(integer, integer, boolean, text, integer, text, integer, text, text, boolean);
--> statement-breakpoint
CREATE FUNCTION check_in_scan(
	p_event integer,
	p_staff integer,
	p_admin boolean,
	p_username text,
	p_participant integer,
	p_code text,
	p_session integer,
	p_notes text,
	p_nonce text,
	p_may_insert boolean,
	p_at timestamptz DEFAULT NULL
) RETURNS TABLE (
	event_active boolean,
	granted integer,
	id integer,
	full_name text,
	organization text,
	unique_code text,
	confirmed boolean,
	session_id integer,
	session_name text,
	session_active boolean,
	registered integer,
	check_in_id integer,
	check_in_time text
) LANGUAGE plpgsql VOLATILE AS $fn$
#variable_conflict use_column
DECLARE
	v_participant integer := p_participant;
	v_made_id integer;
	v_made_at text;
BEGIN
	IF v_participant IS NULL THEN
		SELECT p.id INTO v_participant FROM participants p
		WHERE p.event_id = p_event AND p.unique_code = p_code;
	END IF;
	SELECT e.is_active, a.event_id, p.id, p.full_name, p.organization, p.unique_code,
		p.confirmed_attendance, s.id, s.name, s.is_active, r.id
	INTO event_active, granted, id, full_name, organization, unique_code,
		confirmed, session_id, session_name, session_active, registered
	FROM events e
	LEFT JOIN staff_event_access a ON a.event_id = e.id AND a.staff_user_id = p_staff
	LEFT JOIN participants p ON p.event_id = e.id AND p.id = v_participant
	LEFT JOIN sessions s ON s.id = p_session AND s.event_id = e.id
	LEFT JOIN session_registrations r ON r.session_id = s.id AND r.participant_id = p.id
	WHERE e.id = p_event;
	IF NOT FOUND THEN
		RETURN;
	END IF;
	IF p_may_insert AND event_active AND id IS NOT NULL AND (p_admin OR granted IS NOT NULL)
		AND ((p_session IS NULL AND confirmed)
			OR (p_session IS NOT NULL AND session_active AND registered IS NOT NULL))
	THEN
		INSERT INTO check_ins (event_id, participant_id, session_id, check_in_time, checked_in_by, notes, forced, client_nonce)
		VALUES (p_event, id, p_session, coalesce(p_at, now()), p_staff, p_notes, false, p_nonce)
		ON CONFLICT DO NOTHING
		RETURNING check_ins.id,
			to_char(check_ins.check_in_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
		INTO v_made_id, v_made_at;
		IF v_made_id IS NOT NULL THEN
			check_in_id := v_made_id;
			check_in_time := v_made_at;
			PERFORM pg_notify('attend_check_ins', jsonb_build_object(
				'action', 'created',
				'event_id', p_event,
				'check_in', jsonb_build_object(
					'id', check_in_id, 'participant_id', id, 'participant_name', full_name,
					'organization', organization, 'unique_code', unique_code, 'session', p_session,
					'session_name', coalesce(session_name, 'Main Event'), 'check_in_time', check_in_time,
					'checked_in_by', p_username, 'notes', p_notes, 'forced', false))::text);
		END IF;
	END IF;
	RETURN NEXT;
END;
$fn$;
