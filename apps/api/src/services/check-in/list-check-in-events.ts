import { sql } from 'drizzle-orm';
import type { TCheckInEvent } from '@attend/shared';
import { resultRows, type DbOrTx } from '../../db/client';
import type { StaffActor } from '../../lib/tokens';

/** GET /api/check-in/events/: the events the caller may run a station for (a scanner: its own). */
export async function listCheckInEvents(db: DbOrTx, actor: StaffActor): Promise<TCheckInEvent[]> {
  const rows = resultRows<{
    id: number;
    name: string;
    start_date: string | Date;
    end_date: string | Date;
    location: string;
    is_active: boolean;
    time_zone: string;
    participants_count: number;
    allow_walk_ins_by_scanners: boolean;
    print_badge_on_check_in: boolean;
  }>(
    await db.execute(sql`
      select e.id, e.name, e.start_date, e.end_date, e.location, e.is_active, e.time_zone,
        e.allow_walk_ins_by_scanners, e.print_badge_on_check_in,
        (select count(*)::int from participants p where p.event_id = e.id) as participants_count
      from events e
      where ${
        actor.role === 'admin'
          ? sql`true`
          : sql`e.id in (select event_id from staff_event_access where staff_user_id = ${actor.staffId})`
      }
      order by e.start_date desc, e.id desc
    `),
  );
  return rows.map((r) => ({
    ...r,
    start_date: new Date(r.start_date).toISOString(),
    end_date: new Date(r.end_date).toISOString(),
  }));
}
