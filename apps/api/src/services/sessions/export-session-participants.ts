import { eq } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE, wallClockAsUtc } from '@attend/shared';
import { sheetColumns } from '../../lib/sheet-columns';
import type { DbOrTx } from '../../db/client';
import { events } from '../../db/schema';
import { loadExcel } from '../../lib/load-on-use';
import { sheetName } from '../../lib/sheet-name';
import type { StaffActor } from '../../lib/tokens';
import { sessionRegistrants } from './list-session-participants';
import { requireSessionRow } from './session-rows';
import { waitlistOf } from './waitlist';

/**
 * GET /api/sessions/global/{sessionId}/export_participants/ (staff): the registrants as .xlsx,
 * one row each, with the session check-in time when they attended. Times are the event's
 * wall-clock times; the column titles name its zone. A second sheet holds the waiting list in order.
 */
export async function exportSessionParticipants(
  db: DbOrTx,
  actor: StaffActor,
  sessionId: number,
): Promise<{ filename: string; body: Buffer }> {
  const session = await requireSessionRow(db, actor, sessionId);
  const registrants = await sessionRegistrants(db, session.id);
  const [event] = await db
    .select({ timeZone: events.timeZone })
    .from(events)
    .where(eq(events.id, session.eventId));
  const zone = event?.timeZone ?? DEFAULT_TIME_ZONE;
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Attend';
  const sheet = workbook.addWorksheet(sheetName(session.name, { fallback: 'Participants' }));
  sheet.columns = sheetColumns([
    ['full_name', 'Full Name', 28],
    ['email', 'Email', 32],
    ['username', 'Username', 20],
    ['phone', 'Phone', 18],
    ['organization', 'Organization', 26],
    ['job_title', 'Job Title', 22],
    ['registered_at', `Registered At (${zone})`, 24],
    ['checked_in_at', `Checked In At (${zone})`, 24],
  ]);
  sheet.getRow(1).font = { bold: true };
  for (const r of registrants) {
    // Text cells are written as text, which a spreadsheet never runs as a formula: no leading quote.
    sheet.addRow({
      full_name: r.full_name,
      email: r.email,
      username: r.username,
      phone: r.phone,
      organization: r.organization,
      job_title: r.job_title,
      registered_at: wallClockAsUtc(r.registered_at, zone),
      checked_in_at: r.checked_in_at ? wallClockAsUtc(r.checked_in_at, zone) : '',
    });
  }
  for (const key of ['registered_at', 'checked_in_at']) sheet.getColumn(key).numFmt = 'yyyy-mm-dd hh:mm';
  // The session's line, in order (issue 32). Sheet names are unique regardless of case.
  const line = await waitlistOf(db, session.id);
  const lineName = sheet.name.toLowerCase() === 'waiting list' ? 'Waiting list (line)' : 'Waiting list';
  const waiting = workbook.addWorksheet(lineName);
  waiting.columns = sheetColumns([
    ['position', 'Place', 8],
    ['full_name', 'Full Name', 28],
    ['email', 'Email', 32],
    ['organization', 'Organization', 26],
    ['confirmed', 'Confirmed', 12],
    ['joined_at', `Waiting Since (${zone})`, 24],
  ]);
  waiting.getRow(1).font = { bold: true };
  for (const w of line) {
    waiting.addRow({
      position: w.position,
      full_name: w.full_name,
      email: w.email,
      organization: w.organization,
      confirmed: w.confirmed_attendance ? 'Yes' : 'No',
      joined_at: wallClockAsUtc(w.joined_at, zone),
    });
  }
  waiting.getColumn('joined_at').numFmt = 'yyyy-mm-dd hh:mm';
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return { filename: `session_participants_${session.id}.xlsx`, body };
}
