import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { TCheckIn, TCheckInLiveEvent } from '@attend/shared';
import { checkIns, participants, sessions, staffUsers } from '../../db/schema';
import type { StaffActor } from '../../lib/tokens';

/** The label of the main event (the door) where a record has no session. */
export const MAIN_EVENT_LABEL = 'Main Event';

/** The columns of a check-in record as the API shows it; join with `checkInJoins`. */
export const checkInColumns = {
  id: checkIns.id,
  participantId: checkIns.participantId,
  participantName: participants.fullName,
  organization: participants.organization,
  uniqueCode: participants.uniqueCode,
  sessionId: checkIns.sessionId,
  sessionName: sessions.name,
  checkInTime: checkIns.checkInTime,
  checkedInBy: sql<string | null>`${staffUsers.username}`,
  notes: checkIns.notes,
  forced: checkIns.forced,
};

export type CheckInRow = {
  id: number;
  participantId: number;
  participantName: string;
  organization: string;
  uniqueCode: string;
  sessionId: number | null;
  sessionName: string | null;
  checkInTime: Date;
  checkedInBy: string | null;
  notes: string;
  forced: boolean;
};

export const checkInJoins = {
  participant: eq(participants.id, checkIns.participantId),
  session: eq(sessions.id, checkIns.sessionId),
  staff: eq(staffUsers.id, checkIns.checkedInBy),
};

export function serializeCheckIn(r: CheckInRow): TCheckIn {
  return {
    id: r.id,
    participant_id: r.participantId,
    participant_name: r.participantName,
    organization: r.organization,
    unique_code: r.uniqueCode,
    session: r.sessionId,
    session_name: r.sessionName ?? MAIN_EVENT_LABEL,
    check_in_time: r.checkInTime.toISOString(),
    checked_in_by: r.checkedInBy ?? '',
    notes: r.notes,
    forced: r.forced,
  };
}

/**
 * A record as this actor may see it: a unique code signs in as the participant, so only admins (whose
 * screens show it) receive it; a scanner sees who arrived and nothing that signs in.
 */
export function checkInFor(actor: Pick<StaffActor, 'role'>, record: TCheckIn): TCheckIn {
  if (actor.role === 'admin') return record;
  const shown = { ...record };
  delete shown.unique_code;
  return shown;
}

/** A live-stream event as this actor may see it (see checkInFor). */
export function liveEventFor(actor: Pick<StaffActor, 'role'>, event: TCheckInLiveEvent): TCheckInLiveEvent {
  return actor.role === 'admin'
    ? event
    : { action: event.action, check_in: checkInFor(actor, event.check_in) };
}

/** Check-in records as the API shows them (with participant, session and staff joined), filtered. */
export function selectCheckIns(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(checkInColumns)
    .from(checkIns)
    .innerJoin(participants, checkInJoins.participant)
    .leftJoin(sessions, checkInJoins.session)
    .leftJoin(staffUsers, checkInJoins.staff)
    .where(where)
    .$dynamic();
}
