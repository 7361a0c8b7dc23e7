import { desc, eq, sql } from 'drizzle-orm';
import type { TParticipantHistory } from '@attend/shared';
import { resultRows, type DbOrTx } from '../../db/client';
import { checkIns } from '../../db/schema';
import type { StaffActor } from '../../lib/tokens';
import { assertAdmin } from '../auth/staff-access';
import { selectCheckIns, serializeCheckIn } from '../check-in/serialize';
import { requireParticipant } from './scope';

const iso = (v: Date | string) => new Date(v).toISOString();

/**
 * GET /api/events/{eventId}/participants/{id}/history/ (admins): the sessions the participant is
 * registered for (in time order), their waiting-list places with their place in line, and every
 * check-in recorded for them, at the door and at sessions, with who recorded it and when.
 */
export async function participantHistory(
  db: DbOrTx,
  actor: StaffActor,
  params: { eventId: number; participantId: number },
): Promise<TParticipantHistory> {
  assertAdmin(actor);
  const p = await requireParticipant(db, params.eventId, params.participantId);
  const sessions = resultRows<{
    id: number;
    name: string;
    parent_session_name: string | null;
    location: string;
    start_time: Date | string;
    end_time: Date | string;
    registered_at: Date | string;
  }>(
    await db.execute(sql`select s.id, s.name, parent.name as parent_session_name, s.location,
        s.start_time, s.end_time, r.created_at as registered_at
      from session_registrations r
      join sessions s on s.id = r.session_id
      left join sessions parent on parent.id = s.parent_session_id
      where r.participant_id = ${p.id}
      order by s.start_time, s.id`),
  );
  const waitlist = resultRows<{
    session: number;
    session_name: string;
    start_time: Date | string;
    position: number;
    joined_at: Date | string;
  }>(
    await db.execute(sql`select s.id as session, s.name as session_name, s.start_time,
        (select count(*)::int from session_waitlist o where o.session_id = w.session_id
          and (o.created_at, o.id) <= (w.created_at, w.id)) as position,
        w.created_at as joined_at
      from session_waitlist w join sessions s on s.id = w.session_id
      where w.participant_id = ${p.id}
      order by s.start_time, s.id`),
  );
  const records = await selectCheckIns(db, eq(checkIns.participantId, p.id)).orderBy(
    desc(checkIns.checkInTime),
    desc(checkIns.id),
  );
  return {
    sessions: sessions.map((s) => ({
      ...s,
      start_time: iso(s.start_time),
      end_time: iso(s.end_time),
      registered_at: iso(s.registered_at),
    })),
    waitlist: waitlist.map((w) => ({ ...w, start_time: iso(w.start_time), joined_at: iso(w.joined_at) })),
    check_ins: records.map(serializeCheckIn),
  };
}
