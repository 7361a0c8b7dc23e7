import { sql } from 'drizzle-orm';
import type { TOfflineCheckIn, TOfflinePack, TOfflineParticipant, TOfflineSession } from '@attend/shared';
import { resultRows, type DbOrTx } from '../../db/client';
import type { StaffActor } from '../../lib/tokens';
import { assertEventAccess } from '../auth/staff-access';
import type { QrKeys } from '../qr/event-keys';

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

type PackRow = {
  generated_at: string;
  event: string;
  sessions: string;
  participants: string;
  check_ins: string;
  total_participants: number;
  total_registrations: number;
  total_check_ins: number;
};
type ParticipantTuple = [number, string, string, boolean, number[]];
type SessionTuple = [number, string, number | null, string, string, boolean];
type CheckInTuple = [number, number, number | null, string, string];

/**
 * GET /api/events/{eventId}/check-in/offline-pack/: what a check-in station needs to work without
 * a network (see ZOfflinePack). With `since`, only participants changed or registered for a session
 * after it and check-ins recorded after it. One statement reads everything, so the data and
 * `generated_at` are one snapshot; lists come back as JSON text built by the database (one value
 * to parse instead of tens of thousands of rows). Unique codes are not read at all: nothing in the
 * pack is derived from them (a typed code is checked by the server when the station syncs).
 */
export async function readOfflinePack(
  db: DbOrTx,
  actor: StaffActor,
  eventId: number,
  opts: { qrKeys: QrKeys; since?: string },
): Promise<TOfflinePack> {
  await assertEventAccess(db, actor, eventId);
  const publicKey = await opts.qrKeys.publicKey(db, eventId);
  // PostgreSQL has no year 0 and a pack has nothing older than 1970: an earlier `since` means all.
  const since = opts.since === undefined ? null : new Date(Math.max(0, Date.parse(opts.since))).toISOString();
  const changed = (column: string) =>
    since === null ? sql`true` : sql`${sql.raw(column)} > ${since}::timestamptz`;

  const result = await db.execute(sql`
    with regs as (
      select r.participant_id, array_agg(r.session_id order by r.session_id) as ids,
        max(r.created_at) as latest
      from session_registrations r join sessions s on s.id = r.session_id
      where s.event_id = ${eventId}
      group by r.participant_id
    )
    select
      ${iso('now()')} as generated_at,
      (select json_build_object('id', e.id, 'name', e.name, 'start_date', ${iso('e.start_date')},
          'end_date', ${iso('e.end_date')}, 'location', e.location, 'is_active', e.is_active,
          'time_zone', e.time_zone, 'allow_walk_ins_by_scanners', e.allow_walk_ins_by_scanners,
          'print_badge_on_check_in', e.print_badge_on_check_in)
        from events e where e.id = ${eventId})::text as event,
      (select coalesce(json_agg(json_build_array(s.id, s.name, s.parent_session_id,
          ${iso('s.start_time')}, ${iso('s.end_time')}, s.is_active) order by s.start_time, s.id), '[]')
        from sessions s where s.event_id = ${eventId})::text as sessions,
      (select coalesce(json_agg(json_build_array(p.id, p.full_name, p.organization,
          p.confirmed_attendance, coalesce(regs.ids, '{}')) order by p.id), '[]')
        from participants p left join regs on regs.participant_id = p.id
        where p.event_id = ${eventId}
          and (${changed('p.updated_at')} or ${changed('regs.latest')}))::text as participants,
      (select coalesce(json_agg(json_build_array(c.id, c.participant_id, c.session_id,
          ${iso('c.check_in_time')}, coalesce(u.username, '')) order by c.id), '[]')
        from check_ins c left join staff_users u on u.id = c.checked_in_by
        where c.event_id = ${eventId} and ${changed('c.created_at')})::text as check_ins,
      (select count(*) from participants where event_id = ${eventId})::int as total_participants,
      (select coalesce(sum(cardinality(ids)), 0) from regs)::int as total_registrations,
      (select count(*) from check_ins where event_id = ${eventId})::int as total_check_ins
  `);
  const [row] = resultRows<PackRow>(result);
  if (!row) throw new Error('The offline pack query answered no row.');

  const participants = (JSON.parse(row.participants) as ParticipantTuple[]).map(
    ([id, fullName, organization, confirmed, sessions]): TOfflineParticipant => ({
      id,
      full_name: fullName,
      organization,
      confirmed,
      sessions,
    }),
  );
  const sessions = (JSON.parse(row.sessions) as SessionTuple[]).map(
    ([id, name, parent, start, end, active]): TOfflineSession => ({
      id,
      name,
      parent_session: parent,
      start_time: start,
      end_time: end,
      is_active: active,
    }),
  );
  const checkIns = (JSON.parse(row.check_ins) as CheckInTuple[]).map(
    ([id, participantId, session, time, by]): TOfflineCheckIn => ({
      id,
      participant_id: participantId,
      session,
      check_in_time: time,
      checked_in_by: by,
    }),
  );
  return {
    generated_at: row.generated_at,
    full: since === null,
    event: JSON.parse(row.event) as TOfflinePack['event'],
    public_key: publicKey,
    sessions,
    participants,
    check_ins: checkIns,
    totals: {
      participants: row.total_participants,
      registrations: row.total_registrations,
      check_ins: row.total_check_ins,
    },
  };
}
