import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { normalizeCode, type TCheckIn } from '@attend/shared';
import type { DbOrTx } from '../../db/client';
import { checkIns, participants, sessions, staffUsers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../../lib/tokens';
import { assertEventAccess } from '../auth/staff-access';
import { requireEventRow, requireSessionOfEvent } from './event-scope';
import { checkInColumns, checkInFor, checkInJoins, selectCheckIns, serializeCheckIn } from './serialize';

function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function scopeOf(eventId: number, sessionId: number | null, search?: string): SQL {
  const where: SQL[] = [
    eq(checkIns.eventId, eventId),
    sessionId === null ? sql`${checkIns.sessionId} is null` : eq(checkIns.sessionId, sessionId),
  ];
  const term = search?.trim();
  if (term) {
    const byName = ilike(participants.fullName, likePattern(term));
    const code = normalizeCode(term);
    where.push(code ? (or(byName, eq(participants.uniqueCode, code)) as SQL) : byName);
  }
  return and(...where) as SQL;
}

/**
 * GET /api/events/{eventId}/attendance/ and …/sessions/{sessionId}/attendance/: the check-ins of the
 * door or of one session, newest first, a page at a time, searchable by name or unique code. A
 * scanner's records carry no unique code (see checkInFor).
 */
export async function listAttendance(
  db: DbOrTx,
  actor: StaffActor,
  params: {
    eventId: number;
    sessionId: number | null;
    page: number;
    pageSize: number;
    search?: string;
  },
): Promise<{ count: number; results: TCheckIn[] }> {
  await assertEventAccess(db, actor, params.eventId);
  await requireEventRow(db, params.eventId);
  if (params.sessionId !== null) await requireSessionOfEvent(db, params.eventId, params.sessionId);
  const rows = await db
    .select({ ...checkInColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(checkIns)
    .innerJoin(participants, checkInJoins.participant)
    .leftJoin(sessions, checkInJoins.session)
    .leftJoin(staffUsers, checkInJoins.staff)
    .where(scopeOf(params.eventId, params.sessionId, params.search))
    .orderBy(desc(checkIns.checkInTime), desc(checkIns.id))
    .limit(params.pageSize)
    .offset((params.page - 1) * params.pageSize);
  let count = rows[0]?.total ?? 0;
  if (rows.length === 0 && params.page > 1) {
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(checkIns)
      .innerJoin(participants, checkInJoins.participant)
      .where(scopeOf(params.eventId, params.sessionId, params.search));
    count = c?.n ?? 0;
    if (count > 0) throw new AppError('not_found', 'Invalid page.');
  }
  return { count, results: rows.map((r) => checkInFor(actor, serializeCheckIn(r))) };
}

/**
 * GET /api/events/{id}/check-ins/ as the spec reads it: the list whose length is the check-in count.
 * Every record of the event, door and sessions, newest first.
 */
export async function listEventCheckIns(
  db: DbOrTx,
  actor: StaffActor,
  eventId: number,
  sessionId?: number | null,
): Promise<TCheckIn[]> {
  await assertEventAccess(db, actor, eventId);
  await requireEventRow(db, eventId);
  const where: SQL[] = [eq(checkIns.eventId, eventId)];
  if (sessionId !== undefined) {
    where.push(sessionId === null ? sql`${checkIns.sessionId} is null` : eq(checkIns.sessionId, sessionId));
  }
  const rows = await selectCheckIns(db, and(...where)).orderBy(desc(checkIns.checkInTime), desc(checkIns.id));
  return rows.map((r) => checkInFor(actor, serializeCheckIn(r)));
}
