import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import {
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

/**
 * POST /api/events/{eventId}/check-ins/sync/: records the scans an offline station queued, one by
 * one and each in its own statements (the embedded database is never held for a whole batch), at
 * the time they were scanned. Answers one result per item, in order: `created` (also for an item
 * synced before: its nonce names the record it made, so a replayed batch changes nothing),
 * `duplicate` (someone was first: the first record) or `rejected` (why). A malformed item is
 * rejected without failing the batch; a database that cannot be reached fails the request. A typed
 * code is checked here for the first time (the station saves it unchecked: its pack holds nothing
 * derived from unique codes), so a wrong one comes back `rejected` with `unknown_code`.
 */
export async function syncCheckIns(
  db: Db,
  actor: StaffActor,
  eventId: number,
  items: readonly unknown[],
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<TSyncResult[]> {
  await assertEventAccess(db, actor, eventId);
  await requireEventRow(db, eventId);
  const results: TSyncResult[] = [];
  for (const item of items) results.push(await syncOne(db, actor, eventId, item, log));
  return results;
}

async function syncOne(
  db: Db,
  actor: StaffActor,
  eventId: number,
  item: unknown,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<TSyncResult> {
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
