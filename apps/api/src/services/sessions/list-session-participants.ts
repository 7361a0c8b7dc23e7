import { and, asc, eq } from 'drizzle-orm';
import { sortByName, type TLanguage, type TSessionParticipant } from '@attend/shared';
import type { DbOrTx } from '../../db/client';
import { checkIns, participants, sessionRegistrations } from '../../db/schema';
import type { StaffActor } from '../../lib/tokens';
import { requireSessionRow } from './session-rows';

export type Registrant = TSessionParticipant & {
  phone: string;
  job_title: string;
  checked_in_at: string | null;
};

/**
 * Everyone registered for the session, by name in `language`'s collation (the database's C
 * collation would put 'Émilie' after 'Wanjiku'), with their session check-in if any.
 */
export async function sessionRegistrants(
  db: DbOrTx,
  sessionId: number,
  language: TLanguage = 'en',
): Promise<Registrant[]> {
  const rows = await db
    .select({
      p: {
        id: participants.id,
        fullName: participants.fullName,
        email: participants.email,
        username: participants.username,
        organization: participants.organization,
        phone: participants.phone,
        jobTitle: participants.jobTitle,
      },
      registeredAt: sessionRegistrations.createdAt,
      checkedInAt: checkIns.checkInTime,
    })
    .from(sessionRegistrations)
    .innerJoin(participants, eq(participants.id, sessionRegistrations.participantId))
    .leftJoin(
      checkIns,
      and(
        eq(checkIns.participantId, participants.id),
        eq(checkIns.sessionId, sessionRegistrations.sessionId),
      ),
    )
    .where(eq(sessionRegistrations.sessionId, sessionId))
    .orderBy(asc(participants.id));
  const named = sortByName(rows, (r) => r.p.fullName, language);
  return named.map((r) => ({
    id: r.p.id,
    full_name: r.p.fullName,
    email: r.p.email,
    username: r.p.username,
    organization: r.p.organization,
    registered_at: r.registeredAt.toISOString(),
    phone: r.p.phone,
    job_title: r.p.jobTitle,
    checked_in_at: r.checkedInAt ? r.checkedInAt.toISOString() : null,
  }));
}

/** GET /api/sessions/{sessionId}/participants/ (staff): the registrants of the session. */
export async function listSessionParticipants(
  db: DbOrTx,
  actor: StaffActor,
  sessionId: number,
  language: TLanguage = 'en',
): Promise<TSessionParticipant[]> {
  const session = await requireSessionRow(db, actor, sessionId);
  const rows = await sessionRegistrants(db, session.id, language);
  return rows.map(({ id, full_name, email, username, organization, registered_at }) => ({
    id,
    full_name,
    email,
    username,
    organization,
    registered_at,
  }));
}
