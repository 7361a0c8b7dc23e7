import { sql } from 'drizzle-orm';
import type { TPublicStats } from '@attend/shared';
import type { LandingStats } from '../../config';
import type { DbOrTx } from '../../db/client';

/**
 * Landing-page counters as the operator chose them: live (events, participants, and main-event
 * check-ins over confirmed participants), fixed figures, or hidden (nothing counted, nothing told).
 */
export async function getPublicStats(db: DbOrTx, landing: LandingStats): Promise<TPublicStats> {
  if (landing.mode === 'hidden') return { mode: 'hidden' };
  if (landing.mode === 'fixed') {
    return {
      mode: 'fixed',
      events_created: landing.eventsCreated,
      participants_managed: landing.participantsManaged,
      check_in_success_rate: landing.checkInSuccessRate,
    };
  }
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
    mode: 'live',
    events_created: events,
    participants_managed: row?.participants ?? 0,
    check_in_success_rate:
      checkedIn > 0 && confirmed > 0 ? Math.min(100, Math.round((100 * checkedIn) / confirmed)) : null,
  };
}
