import { sql } from 'drizzle-orm';
import type { TPublicStats } from '@attend/shared';
import type { DbOrTx } from '../../db/client';

/** Landing-page counters: events, participants, and main-event check-ins over confirmed participants. */
export async function getPublicStats(db: DbOrTx): Promise<TPublicStats> {
  const result = await db.execute(sql`
    select
      (select count(*) from events)::int as events,
      (select count(*) from participants)::int as participants,
      (select count(*) from participants where confirmed_attendance)::int as confirmed,
      (select count(*) from check_ins c join participants p on p.id = c.participant_id
        where c.session_id is null and p.confirmed_attendance)::int as checked_in`);
  const row = (
    result as unknown as {
      rows: { events: number; participants: number; confirmed: number; checked_in: number }[];
    }
  ).rows[0];
  const events = row?.events ?? 0;
  const confirmed = row?.confirmed ?? 0;
  const checkedIn = row?.checked_in ?? 0;
  return {
    events_created: events,
    participants_managed: row?.participants ?? 0,
    check_in_success_rate:
      checkedIn > 0 && confirmed > 0 ? Math.min(100, Math.round((100 * checkedIn) / confirmed)) : null,
  };
}
