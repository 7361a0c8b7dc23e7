import { sql } from 'drizzle-orm';
import {
  dayBoundsInZone,
  sortByName,
  timeZoneAbbreviation,
  type TDsaReport,
  type TLanguage,
  type TMyDsaProgress,
} from '@attend/shared';
import { resultRows, type DbOrTx } from '../../db/client';
import { loadExcel } from '../../lib/load-on-use';
import { sheetColumns } from '../../lib/sheet-columns';
import { sheetName } from '../../lib/sheet-name';
import type { ParticipantActor, StaffActor } from '../../lib/tokens';
import { assertAdmin } from '../auth/staff-access';
import { requireEventRow } from './event-scope';

type Counts = {
  participant_id: number;
  full_name: string;
  organization: string;
  registered: number;
  attended: number;
};

/**
 * For each confirmed participant: how many of the event's sessions starting that day they are
 * registered for, and how many of them they were checked in at. Sub-sessions count as sessions.
 */
async function dayCounts(
  db: DbOrTx,
  event: { id: number; timeZone: string },
  day: string,
  participantId?: number,
): Promise<Counts[]> {
  const eventId = event.id;
  // The day is the event's calendar day: midnight to midnight where it happens.
  const { from, to } = dayBoundsInZone(day, event.timeZone);
  return resultRows<Counts>(
    await db.execute(sql`
      with day_sessions as (
        select id from sessions
        where event_id = ${eventId} and start_time >= ${from.toISOString()} and start_time < ${to.toISOString()}
      )
      select p.id as participant_id, p.full_name, p.organization,
        (select count(*)::int from session_registrations r
          where r.participant_id = p.id and r.session_id in (select id from day_sessions)) as registered,
        (select count(*)::int from check_ins c
          where c.participant_id = p.id and c.session_id in (select id from day_sessions)) as attended
      from participants p
      where p.event_id = ${eventId} and p.confirmed_attendance
        ${participantId === undefined ? sql`` : sql`and p.id = ${participantId}`}
      order by lower(p.full_name), p.id
    `),
  );
}

/** GET /api/events/{eventId}/attendance/dsa-report/?day=: the day's DSA eligibility (admins). */
export async function dsaReport(
  db: DbOrTx,
  actor: StaffActor,
  eventId: number,
  day: string,
  language: TLanguage = 'en',
): Promise<TDsaReport> {
  assertAdmin(actor);
  const event = await requireEventRow(db, eventId);
  const required = event.dsaSessionsPerDay;
  // Name order is the reader's language's collation ('Émilie' before 'Wanjiku'), which the
  // database's C collation does not give; the day's confirmed participants are one list, not pages.
  const rows = sortByName(await dayCounts(db, event, day), (r) => r.full_name, language).map((r) => ({
    ...r,
    eligible: r.attended >= required,
  }));
  return {
    day,
    time_zone: event.timeZone,
    sessions_required: required,
    eligible_count: rows.filter((r) => r.eligible).length,
    rows,
  };
}

/** The DSA report as an .xlsx workbook (names are text cells, never run as formulas). */
export async function exportDsaReport(
  db: DbOrTx,
  actor: StaffActor,
  eventId: number,
  day: string,
  language: TLanguage = 'en',
): Promise<{ filename: string; body: Buffer }> {
  const report = await dsaReport(db, actor, eventId, day, language);
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Attend';
  // The sheet's name says whose calendar day it is ('DSA 2026-11-27 (EAT)'), not UTC's; a zone
  // without a name is an offset ('GMT+5:45'), whose colon a sheet name cannot hold as it is.
  const zone = timeZoneAbbreviation(report.time_zone, dayBoundsInZone(day, report.time_zone).from);
  const sheet = workbook.addWorksheet(sheetName(`DSA ${day} (${zone})`));
  sheet.columns = sheetColumns([
    ['full_name', 'Full Name', 30],
    ['organization', 'Organization', 28],
    ['registered', 'Sessions Registered', 20],
    ['attended', 'Sessions Attended', 20],
    ['eligible', `Eligible (${report.sessions_required} sessions)`, 24],
  ]);
  sheet.getRow(1).font = { bold: true };
  for (const r of report.rows) {
    sheet.addRow({
      full_name: r.full_name,
      organization: r.organization,
      registered: r.registered,
      attended: r.attended,
      eligible: r.eligible ? 'Yes' : 'No',
    });
  }
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return { filename: `dsa-report-${eventId}-${day}.xlsx`, body };
}

/** GET /api/participants/me/dsa/?day=: the participant's own sessions attended that day. */
export async function myDsaProgress(
  db: DbOrTx,
  actor: ParticipantActor,
  day: string,
): Promise<TMyDsaProgress> {
  const event = await requireEventRow(db, actor.eventId);
  const [mine] = await dayCounts(db, event, day, actor.participantId);
  const attended = mine?.attended ?? 0;
  return { day, attended, required: event.dsaSessionsPerDay, eligible: attended >= event.dsaSessionsPerDay };
}
