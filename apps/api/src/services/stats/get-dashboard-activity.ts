import { sql } from 'drizzle-orm';
import { MESSAGE_STATUSES, type TDashboardActivity } from '@attend/shared';
import { resultRows, type DbOrTx } from '../../db/client';

const DAYS = 14;
const iso = (v: string | Date) => new Date(v).toISOString();

/**
 * GET /api/dashboard/activity/: confirmations and check-ins per day over the last two weeks (UTC),
 * messages by status, and the five most recent events with their counts.
 */
export async function getDashboardActivity(db: DbOrTx): Promise<TDashboardActivity> {
  const days = resultRows<{ day: string | Date; confirmations: number; check_ins: number }>(
    await db.execute(sql`
      with d as (
        select generate_series(
          date_trunc('day', now() at time zone 'UTC') - ${`${DAYS - 1} days`}::interval,
          date_trunc('day', now() at time zone 'UTC'),
          interval '1 day') as day
      )
      select to_char(d.day, 'YYYY-MM-DD') as day,
        (select count(*)::int from participants p
          where (p.confirmed_at at time zone 'UTC') >= d.day and (p.confirmed_at at time zone 'UTC') < d.day + interval '1 day') as confirmations,
        (select count(*)::int from check_ins c
          where (c.check_in_time at time zone 'UTC') >= d.day and (c.check_in_time at time zone 'UTC') < d.day + interval '1 day') as check_ins
      from d order by d.day
    `),
  );
  const byStatus = resultRows<{ status: (typeof MESSAGE_STATUSES)[number]; n: number }>(
    await db.execute(sql`select status, count(*)::int as n from outgoing_messages group by status`),
  );
  const messages = Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, 0])) as TDashboardActivity['messages'];
  for (const r of byStatus) messages[r.status] = r.n;
  const recent = resultRows<{
    id: number;
    name: string;
    start_date: string | Date;
    time_zone: string;
    participants: number;
    confirmed: number;
    checked_in: number;
  }>(
    await db.execute(sql`
      select e.id, e.name, e.start_date, e.time_zone,
        (select count(*)::int from participants p where p.event_id = e.id) as participants,
        (select count(*)::int from participants p where p.event_id = e.id and p.confirmed_attendance) as confirmed,
        (select count(*)::int from check_ins c where c.event_id = e.id and c.session_id is null) as checked_in
      from events e order by e.created_at desc, e.id desc limit 5
    `),
  );
  return {
    days: days.map((d) => ({ day: String(d.day), confirmations: d.confirmations, check_ins: d.check_ins })),
    messages,
    recent_events: recent.map((e) => ({ ...e, start_date: iso(e.start_date) })),
  };
}
