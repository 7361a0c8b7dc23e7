import { sql } from 'drizzle-orm';
import { CHECK_IN_BUCKET_MINUTES, type TCheckInOverview, type TEventCheckInStats } from '@attend/shared';
import { resultRows, type DbOrTx } from '../../db/client';
import type { StaffActor } from '../../lib/tokens';
import { assertAdmin, assertEventAccess } from '../auth/staff-access';
import { requireEventRow, requireSessionOfEvent } from './event-scope';

const iso = (v: string | Date) => new Date(v).toISOString();

/**
 * GET /api/events/{eventId}/check-ins/stats/: checked in / confirmed / total at the door, checked in
 * and registered for every session, and check-ins per 15 minutes (the door's, or one session's with
 * `sessionId`) for the chart.
 */
export async function eventCheckInStats(
  db: DbOrTx,
  actor: StaffActor,
  eventId: number,
  sessionId: number | null = null,
): Promise<TEventCheckInStats> {
  await assertEventAccess(db, actor, eventId);
  await requireEventRow(db, eventId);
  if (sessionId !== null) await requireSessionOfEvent(db, eventId, sessionId);
  const [main] = resultRows<{ checked_in: number; confirmed: number; total: number }>(
    await db.execute(sql`
      select
        (select count(*)::int from check_ins where event_id = ${eventId} and session_id is null) as checked_in,
        (select count(*)::int from participants where event_id = ${eventId} and confirmed_attendance) as confirmed,
        (select count(*)::int from participants where event_id = ${eventId}) as total
    `),
  );
  const sessionRows = resultRows<{
    id: number;
    name: string;
    parent_session: number | null;
    checked_in: number;
    registered: number;
    max_participants: number;
  }>(
    await db.execute(sql`
      select s.id, s.name, s.parent_session_id as parent_session, s.max_participants,
        (select count(*)::int from check_ins c where c.session_id = s.id) as checked_in,
        (select count(*)::int from session_registrations r where r.session_id = s.id) as registered
      from sessions s where s.event_id = ${eventId}
      order by s.start_time, s.id
    `),
  );
  const timeline = resultRows<{ bucket: string | Date; count: number }>(
    await db.execute(sql`
      select date_bin(${`${CHECK_IN_BUCKET_MINUTES} minutes`}::interval, check_in_time, timestamptz 'epoch') as bucket,
        count(*)::int as count
      from check_ins
      where event_id = ${eventId}
        and ${sessionId === null ? sql`session_id is null` : sql`session_id = ${sessionId}`}
      group by 1 order by 1
    `),
  );
  return {
    main_event: main ?? { checked_in: 0, confirmed: 0, total: 0 },
    sessions: sessionRows,
    timeline: timeline.map((t) => ({ bucket: iso(t.bucket), count: t.count })),
  };
}

/** GET /api/check-ins/stats/: every event's check-ins, in all and today (UTC). Admins only. */
export async function checkInOverview(db: DbOrTx, actor: StaffActor): Promise<TCheckInOverview> {
  assertAdmin(actor);
  const rows = resultRows<{ event_id: number; name: string; total: number; today: number }>(
    await db.execute(sql`
      select e.id as event_id, e.name,
        count(c.id)::int as total,
        (count(c.id) filter (where c.check_in_time >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'))::int as today
      from events e left join check_ins c on c.event_id = e.id
      group by e.id, e.name
      order by e.start_date desc, e.id desc
    `),
  );
  return {
    total: rows.reduce((n, r) => n + r.total, 0),
    today: rows.reduce((n, r) => n + r.today, 0),
    events: rows,
  };
}
