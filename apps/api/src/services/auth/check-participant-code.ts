import { and, eq } from 'drizzle-orm';
import { messages, normalizeCode } from '@attend/shared';
import type { Db } from '../../db/client';
import { events, participants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ClientMeta } from '../../lib/request-meta';
import { audit } from '../audit';
import { CODE_LIMITS, fullFor, readBuckets, recordHits, tooManyAttempts, type Limit } from './rate-limit';

/** The public calls that take an event code and a unique code; they share one guessing budget. */
export type CodeCheckPurpose = 'participant-login' | 'confirm-direct';

const FAILED_ACTION: Record<CodeCheckPurpose, string> = {
  'participant-login': 'participant.login_failed',
  'confirm-direct': 'participant.confirm_direct_failed',
};

/**
 * Finds the participant an event code and unique code name. A client that failed too often (per
 * address, per address and event) is refused before the lookup; when the event's failures reach
 * its ceiling, so is every client that failed in the last day, but never one without failures, so
 * guessing cannot lock an event's participants out. Every miss counts in all four buckets.
 */
export async function checkParticipantCode(
  db: Db,
  params: { eventCode: string; uniqueCode: string; meta: ClientMeta; purpose: CodeCheckPurpose },
) {
  const eventCode = normalizeCode(params.eventCode);
  const uniqueCode = normalizeCode(params.uniqueCode);
  const ip = params.meta.ip;
  const perAddress: Limit = { key: `code:ip:${ip}`, ...CODE_LIMITS.perAddress };
  const perAddressEvent: Limit = { key: `code:ip-event:${ip}:${eventCode}`, ...CODE_LIMITS.perAddressEvent };
  const perEvent: Limit = { key: `code:event:${eventCode}`, ...CODE_LIMITS.perEvent };
  const failed: Limit = { key: `code:failed:${ip}`, ...CODE_LIMITS.failedRecently };
  const limits = [perAddress, perAddressEvent, perEvent, failed];
  const buckets = await readBuckets(db, limits);
  const own = Math.max(fullFor(buckets, perAddress), fullFor(buckets, perAddressEvent));
  if (own > 0) throw tooManyAttempts(own);
  const ceiling = fullFor(buckets, perEvent);
  if (ceiling > 0 && buckets.has(failed.key)) throw tooManyAttempts(ceiling);
  const [row] = await db
    .select({ p: participants, e: { id: events.id, eventCode: events.eventCode, name: events.name } })
    .from(participants)
    .innerJoin(events, eq(events.id, participants.eventId))
    .where(and(eq(events.eventCode, eventCode), eq(participants.uniqueCode, uniqueCode)));
  if (!row) {
    await recordHits(db, limits);
    await audit(db, {
      action: FAILED_ACTION[params.purpose],
      ip: params.meta.ip,
      details: { event_code: eventCode },
    });
    throw new AppError('invalid_credentials', messages.invalidParticipantCredentials);
  }
  return { participant: row.p, event: row.e };
}
