import { sql, type SQL } from 'drizzle-orm';
import {
  ACTIVITY_ACTIONS,
  formatDateTimeInZone,
  STAFF_ACTIVITY_ACTIONS,
  type TActivityEntry,
  type TActivityFilters,
} from '@attend/shared';
import { resultRows, type DbOrTx } from '../../db/client';
import { loadExcel } from '../../lib/load-on-use';
import { sheetColumns } from '../../lib/sheet-columns';
import type { StaffActor } from '../../lib/tokens';
import { assertAdmin } from '../auth/staff-access';
import { requireEventRow } from '../check-in/event-scope';

const EVENT_ACTIONS = ACTIVITY_ACTIONS.filter(
  (a) => !(STAFF_ACTIVITY_ACTIONS as readonly string[]).includes(a),
);
/** The most rows one export writes (newest first); a filter narrows a longer log. */
export const ACTIVITY_EXPORT_MAX = 50_000;

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * The audit rows of the event: those written for it, and the staff-account changes (recorded once,
 * for no event) that name it among a scanner's events before or after.
 */
function eventRows(eventId: number): SQL {
  const ids = JSON.stringify([eventId]);
  return sql`((a.event_id = ${eventId} and a.action in (${list(EVENT_ACTIONS)}))
    or (a.event_id is null and a.action in (${list(STAFF_ACTIVITY_ACTIONS)})
      and (a.details->'event_ids' @> ${ids}::jsonb
        or a.details->'before'->'event_ids' @> ${ids}::jsonb
        or a.details->'after'->'event_ids' @> ${ids}::jsonb)))`;
}

function filtered(eventId: number, filters: TActivityFilters): SQL {
  const parts: SQL[] = [eventRows(eventId)];
  if (filters.action) parts.push(sql`a.action = ${filters.action}`);
  if (filters.actor !== undefined) parts.push(sql`a.actor_type = 'staff' and a.actor_id = ${filters.actor}`);
  if (filters.participant !== undefined) {
    const id = filters.participant;
    parts.push(sql`((a.target_type = 'participant' and a.target_id = ${id})
      or (a.action = 'check_in.undone' and a.details->'check_in'->>'participant_id' = ${String(id)}))`);
  }
  return sql.join(parts, sql` and `);
}

type Row = {
  id: number;
  created_at: Date | string;
  action: string;
  actor_type: string;
  actor_id: number | null;
  actor_name: string | null;
  target_type: string | null;
  target_id: number | null;
  target_name: string | null;
  details: Record<string, unknown> | null;
};

const SECRET_KEY = /code|token|password|secret/i;

/** The details as recorded, less anything that could sign someone in (a check-in's unique code). */
function safeDetails(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(safeDetails);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, v]) => [key, safeDetails(v)]),
    );
  }
  return value;
}

function detailName(details: Record<string, unknown> | null): string | null {
  if (!details) return null;
  const checkIn = details.check_in as { participant_name?: unknown } | undefined;
  for (const v of [checkIn?.participant_name, details.full_name, details.username, details.name]) {
    if (typeof v === 'string' && v) return v;
  }
  return null;
}

function toEntry(r: Row): TActivityEntry {
  const details = (safeDetails(r.details ?? {}) ?? {}) as Record<string, unknown>;
  const targetName = r.target_name ?? detailName(r.details) ?? '';
  return {
    id: Number(r.id),
    created_at: new Date(r.created_at).toISOString(),
    action: r.action,
    actor: r.actor_type === 'staff' ? { id: r.actor_id, name: r.actor_name ?? '' } : null,
    target:
      r.target_type || targetName
        ? {
            type: r.target_type ?? (r.action === 'check_in.undone' ? 'check_in' : ''),
            id: r.target_id,
            name: targetName,
          }
        : null,
    details,
  };
}

async function selectRows(
  db: DbOrTx,
  eventId: number,
  filters: TActivityFilters,
  limit: number,
  offset: number,
): Promise<Row[]> {
  return resultRows<Row>(
    await db.execute(sql`select a.id, a.created_at, a.action, a.actor_type, a.actor_id,
        su.username as actor_name, a.target_type, a.target_id,
        case a.target_type
          when 'participant' then tp.full_name
          when 'staff_user' then ts.username
          when 'session' then tss.name
          when 'event' then te.name
        end as target_name,
        a.details
      from audit_log a
      left join staff_users su on a.actor_type = 'staff' and su.id = a.actor_id
      left join participants tp on a.target_type = 'participant' and tp.id = a.target_id
        and tp.event_id = ${eventId}
      left join staff_users ts on a.target_type = 'staff_user' and ts.id = a.target_id
      left join sessions tss on a.target_type = 'session' and tss.id = a.target_id
        and tss.event_id = ${eventId}
      left join events te on a.target_type = 'event' and te.id = a.target_id
      where ${filtered(eventId, filters)}
      order by a.created_at desc, a.id desc
      limit ${limit} offset ${offset}`),
  );
}

/**
 * GET /api/events/{eventId}/activity/ (admins): who did what to the event and when, newest first,
 * filtered by action, by who did it and by the participant it was done to; with everyone who
 * appears as "who" for the filter.
 */
export async function listActivity(
  db: DbOrTx,
  actor: StaffActor,
  params: { eventId: number; filters: TActivityFilters; page: number; pageSize: number },
): Promise<{
  count: number;
  results: TActivityEntry[];
  actors: { id: number; name: string }[];
}> {
  assertAdmin(actor);
  await requireEventRow(db, params.eventId);
  const where = filtered(params.eventId, params.filters);
  const [total] = resultRows<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from audit_log a where ${where}`),
  );
  const rows = await selectRows(
    db,
    params.eventId,
    params.filters,
    params.pageSize,
    (params.page - 1) * params.pageSize,
  );
  const actors = resultRows<{ id: number; name: string }>(
    await db.execute(sql`select s.id, s.username as name from staff_users s
      where s.id in (select a.actor_id from audit_log a
        where a.actor_type = 'staff' and ${eventRows(params.eventId)})
      order by lower(s.username), s.id`),
  );
  return { count: total?.n ?? 0, results: rows.map(toEntry), actors };
}

/** The activity (as filtered) as an .xlsx workbook, times in the event's zone, newest first. */
export async function exportActivity(
  db: DbOrTx,
  actor: StaffActor,
  params: { eventId: number; filters: TActivityFilters },
): Promise<{ filename: string; body: Buffer }> {
  assertAdmin(actor);
  const event = await requireEventRow(db, params.eventId);
  const rows = (await selectRows(db, params.eventId, params.filters, ACTIVITY_EXPORT_MAX, 0)).map(toEntry);
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Attend';
  const sheet = workbook.addWorksheet('Activity');
  sheet.columns = sheetColumns([
    ['when', 'When', 28],
    ['action', 'Action', 28],
    ['who', 'Done by', 20],
    ['target', 'Subject', 28],
    ['reason', 'Reason', 36],
    ['details', 'Details', 60],
  ]);
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) {
    const { reason, ...rest } = r.details;
    sheet.addRow({
      when: formatDateTimeInZone(r.created_at, event.timeZone),
      action: r.action,
      who: r.actor ? r.actor.name || `#${r.actor.id ?? ''}` : 'system',
      target: r.target?.name ?? '',
      reason: typeof reason === 'string' ? reason : '',
      details: Object.keys(rest).length ? JSON.stringify(rest) : '',
    });
  }
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return { filename: `activity-${params.eventId}.xlsx`, body };
}
