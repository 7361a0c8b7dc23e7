import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  dayBoundsInZone,
  dayInZone,
  format,
  formatDateTimeInZone,
  messages,
  SYNC_FUTURE_TOLERANCE_MS,
  SYNC_MAX_AGE_MS,
  ZSyncItemChecked,
  type TSyncResult,
} from '@attend/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../../lib/tokens';
import { assertEventAccess } from '../auth/staff-access';
import { AlreadyCheckedInError, checkInParticipant } from './check-in-participant';
import { requireEventRow } from './event-scope';

const scanInFuture =
  `scanned_at is more than ${SYNC_FUTURE_TOLERANCE_MS / 60_000} minutes ahead of the server's clock: ` +
  "check the station's date and time.";
const scanTooOld = `scanned_at is more than ${SYNC_MAX_AGE_MS / 86_400_000} days ago: this scan is too old to record.`;

type EventRow = Awaited<ReturnType<typeof requireEventRow>>;

/** The calendar day `days` after a YYYY-MM-DD day. */
function dayAfter(day: string, days: number): string {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * When scans of the event are taken: from midnight of the day before its first day to midnight
 * after the day after its last, in the event's zone (stations are set up the day before, and the
 * last people leave late). Whole local days, so a station's early-morning scan the day before an
 * event starting at 08:00 is not refused for being 25 hours early.
 */
function scanWindow(event: EventRow): { from: number; to: number } {
  const zone = event.timeZone;
  const from = dayBoundsInZone(dayAfter(dayInZone(event.startDate, zone), -1), zone).from;
  const to = dayBoundsInZone(dayAfter(dayInZone(event.endDate, zone), 1), zone).to;
  return { from: from.getTime(), to: to.getTime() };
}

/**
 * POST /api/events/{eventId}/check-ins/sync/: records the scans an offline station queued, one by
 * one and each in its own statements (the embedded database is never held for a whole batch), at
 * the time they were scanned. Answers one result per item, in order: `created` (also for an item
 * synced before: its nonce names the record it made, so a replayed batch changes nothing),
 * `duplicate` (someone was first: the first record) or `rejected` (why). A malformed item is
 * rejected without failing the batch; a database that cannot be reached fails the request. A typed
 * code is checked here for the first time (the station saves it unchecked: its pack holds nothing
 * derived from unique codes), so a wrong one comes back `rejected` with `unknown_code`. A scan dated
 * outside the event (see scanWindow: a wrong station clock, a replayed old queue) is `rejected` with
 * `outside_event`.
 */
export async function syncCheckIns(
  db: Db,
  actor: StaffActor,
  eventId: number,
  items: readonly unknown[],
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<TSyncResult[]> {
  await assertEventAccess(db, actor, eventId);
  const event = await requireEventRow(db, eventId);
  const scope = { event, window: scanWindow(event) };
  const results: TSyncResult[] = [];
  for (const item of items) results.push(await syncOne(db, actor, scope, item, log));
  return results;
}

async function syncOne(
  db: Db,
  actor: StaffActor,
  { event, window }: { event: EventRow; window: { from: number; to: number } },
  item: unknown,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<TSyncResult> {
  const eventId = event.id;
  const sent = (item as { client_nonce?: unknown } | null)?.client_nonce;
  const nonce = typeof sent === 'string' ? sent : '';
  const parsed = ZSyncItemChecked.safeParse(item);
  if (!parsed.success) {
    return {
      client_nonce: nonce,
      status: 'rejected',
      code: 'invalid',
      detail: parsed.error.issues[0]?.message ?? messages.unexpected,
    };
  }
  const { scanned_at: scannedText, ...input } = parsed.data;
  const scannedAt = new Date(scannedText);
  const now = Date.now();
  if (scannedAt.getTime() > now + SYNC_FUTURE_TOLERANCE_MS) {
    return { client_nonce: nonce, status: 'rejected', code: 'invalid', detail: scanInFuture };
  }
  if (scannedAt.getTime() < now - SYNC_MAX_AGE_MS) {
    return { client_nonce: nonce, status: 'rejected', code: 'invalid', detail: scanTooOld };
  }
  if (scannedAt.getTime() < window.from || scannedAt.getTime() >= window.to) {
    const zoned = (value: Date) => formatDateTimeInZone(value, event.timeZone);
    return {
      client_nonce: nonce,
      status: 'rejected',
      code: 'outside_event',
      detail: format(messages.scanOutsideEvent, {
        when: zoned(scannedAt),
        start: zoned(event.startDate),
        end: zoned(event.endDate),
      }),
    };
  }
  try {
    const outcome = await checkInParticipant(db, actor, eventId, input, { scannedAt });
    return { client_nonce: nonce, status: 'created', check_in: outcome.check_in };
  } catch (err) {
    if (err instanceof AlreadyCheckedInError) {
      return { client_nonce: nonce, status: 'duplicate', check_in: err.first, detail: err.message };
    }
    if (err instanceof AppError) {
      return {
        client_nonce: nonce,
        status: 'rejected',
        code: err.extra.reason ?? err.code,
        detail: err.message,
      };
    }
    log.error({ err, eventId, client_nonce: nonce }, 'offline check-in could not be synced');
    // One odd item must not block a station's queue, but an unreachable database fails the request
    // (this throws), so the station keeps its queue and tries again later.
    await db.execute(sql`select 1`);
    return { client_nonce: nonce, status: 'rejected', code: 'internal_error', detail: messages.unexpected };
  }
}
